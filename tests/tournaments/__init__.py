"""Tests of scorekeeper/tournaments."""
