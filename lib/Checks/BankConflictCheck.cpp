// Placeholder until the check lands.
