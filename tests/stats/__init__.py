"""Tests of scorekeeper/stats."""
