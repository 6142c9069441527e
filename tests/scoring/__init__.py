"""Tests of scorekeeper/scoring."""
