"""The party appliance: `python -m kiosk serve`, ready at power-on and hosting one night after another."""
