// Riichi Drill: a little help on top of plain forms (they work without it).
"use strict";
document.documentElement.classList.add("js");
document.addEventListener("DOMContentLoaded", function () {
  // The payment field's buttons add the table's forms ("/", "all"...).
  document.querySelectorAll("button.form-key").forEach(function (b) {
    b.addEventListener("click", function () {
      var f = document.getElementById(b.dataset.for);
      if (!f) { return; }
      f.value = (f.value + b.dataset.add).replace(/\s+/g, " ");
      f.focus();
    });
  });
  // A seat's change (the settlement drill): the number keypad, and a key that turns the
  // sign (a phone's number keypad has no minus); without JavaScript, the whole keyboard.
  document.querySelectorAll("input[data-signed]").forEach(function (f) {
    f.setAttribute("inputmode", "numeric");
  });
  document.querySelectorAll("button.sign-key").forEach(function (b) {
    b.addEventListener("click", function () {
      var f = document.getElementById(b.dataset.for);
      if (!f) { return; }
      var v = f.value.trim();
      if (/^[-\u2212\u25b2]/.test(v)) { v = "+" + v.slice(1); }
      else if (v.charAt(0) === "+") { v = "-" + v.slice(1); }
      else { v = "-" + v; }
      f.value = v;
      f.focus();
    });
  });
  // Enter (or the keyboard's "next") moves to the next field, then submits.
  var form = document.getElementById("answer");
  if (form) {
    var fields = Array.prototype.slice.call(form.querySelectorAll("input[type=text], input:not([type])"));
    fields.forEach(function (f, i) {
      f.addEventListener("keydown", function (e) {
        if (e.key === "Enter" && i < fields.length - 1) {
          e.preventDefault();
          fields[i + 1].focus();
        }
      });
    });
    form.addEventListener("submit", function () {
      var b = form.querySelector("button[type=submit]");
      if (b) { setTimeout(function () { b.disabled = true; }, 0); }
    });
  }
  // The teacher's live page: the figures again every few seconds, without reloading.
  var live = document.getElementById("live");
  if (live && live.dataset.src) {
    var tick = function () {
      fetch(live.dataset.src, { credentials: "same-origin", headers: { "Accept": "text/html" } })
        .then(function (r) { return r.ok ? r.text() : null; })
        .then(function (html) { if (html !== null) { live.innerHTML = html; } })
        .catch(function () {});
    };
    setInterval(tick, 3000);
  }
});
