// Dynamics
