package org.rf4j.couplings;

import java.util.List;

/**
 * How the rotated frame of a block becomes projection directions: {@code ORTHOGONAL} takes the
 * first n rotated basis vectors (ORF), {@code SIMPLEX} maps the first n−1 through the simplex
 * projection S of Eq. 9 (SimRF, {@link SimplexGeometry}).
 */
public enum BlockGeometry {
    /** Orthogonal directions (ORF, Yu et al. 2016). */
    ORTHOGONAL("orthogonal"),
    /** Simplex directions (SimRF, Eq. 8–9). */
    SIMPLEX("simplex");

    /** Config names, for parameter schemas. */
    public static final List<String> NAMES = List.of("orthogonal", "simplex");

    private final String configName;

    BlockGeometry(String configName) {
        this.configName = configName;
    }

    /** The config name. */
    public String configName() {
        return configName;
    }

    /** The geometry with that config name. */
    public static BlockGeometry of(String name) {
        return "simplex".equals(name) ? SIMPLEX : ORTHOGONAL;
    }

    /** Number of rotated coordinates a block of n vectors reads. */
    int inputs(int n) {
        return this == SIMPLEX ? Math.max(n - 1, 1) : n;
    }

    /** Maps rotated coordinates u (first {@link #inputs(int)} used) to n directions' projections. */
    void emit(double[] u, int n, double[] scale, double[] out, int outOff) {
        if (this == SIMPLEX) {
            SimplexGeometry.apply(u, 0, n, out, outOff);
            for (int i = 0; i < n; i++) {
                out[outOff + i] *= scale[i];
            }
        } else {
            for (int i = 0; i < n; i++) {
                out[outOff + i] = scale[i] * u[i];
            }
        }
    }
}
