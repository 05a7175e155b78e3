package org.jzenith.core.health;

/** Whether a check, or the application as a whole, is healthy. */
public enum HealthStatus {
    UP,
    DOWN
}
