"""The engine core shared by every rule set: state, orders, resolution, events, views, rng."""
