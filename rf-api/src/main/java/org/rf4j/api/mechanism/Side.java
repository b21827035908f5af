package org.rf4j.api.mechanism;

/** Which side of the kernel a batch is on: queries x (φ₁) or keys y (φ₂). */
public enum Side {
    QUERY,
    KEY
}
