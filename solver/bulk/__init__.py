"""Bulk evaluation: streaming readers and writers for large data sets."""
