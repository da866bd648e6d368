"""The course's screens: the map of the lessons, a lesson's reading, the flow through them."""
