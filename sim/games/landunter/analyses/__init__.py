"""The Land unter analyses behind `sim landunter balance|seats|ranking|fairness`."""
