"""Tests of scorekeeper/files."""
