package org.rf4j;

/** The library front door (being written: see issue 12). */
public final class RandomFeatures {
    private RandomFeatures() {
    }
}
