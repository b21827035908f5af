/*
 * Copyright 2026 The rf4j developers
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package org.rf4j.couplings;

import java.util.List;
import org.apiguardian.api.API;

/**
 * How the rotated frame of a block becomes projection directions: {@code ORTHOGONAL} takes the
 * first n rotated basis vectors (ORF), {@code SIMPLEX} maps the first n−1 through the simplex
 * projection S of Eq. 9 (SimRF, {@link SimplexGeometry}).
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
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
