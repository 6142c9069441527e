"""Tests of the app as a whole and of the modules at the top of scorekeeper/."""
