"""Reading the throwing sticks: frame sources, detection, classification, settling, evidence."""
