"""Benchmarks (not tests): figures and ratios against baselines measured in the same run."""
