"""Lay-out stage: pure geometry. Pages of drawing operations in PDF points, no PDF involved."""
