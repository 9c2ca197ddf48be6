"""What runs on or describes the hardware: firmware, GPIO peripherals, geometry, deployment."""
