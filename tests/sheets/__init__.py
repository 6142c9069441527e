"""Tests of scorekeeper/sheets."""
