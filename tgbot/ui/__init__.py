"""What players and the master see: callback data, keyboards, panels, the card-parameter flow."""
