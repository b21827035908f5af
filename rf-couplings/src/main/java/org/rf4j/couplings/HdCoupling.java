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

import java.util.random.RandomGenerator;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Spec;
import org.rf4j.api.linalg.Hadamard;
import org.rf4j.api.mechanism.AbstractMechanism;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.Projection;
import org.rf4j.api.random.ChiDistribution;
import org.rf4j.spi.AbstractProvider;
import org.rf4j.spi.CouplingProvider;
import org.rf4j.spi.Param;
import org.apiguardian.api.API;


/**
 * Fast ORFs and fast SimRFs (Reid et al. 2023, Sec. 4.2 and App. B.2.2): the Haar rotation R is
 * replaced by the HD product {@code R̃ = Π_{i=1}^{k} H D_i} (Eq. 89), H the normalised Hadamard
 * matrix (Eq. 90) and D_i independent Rademacher diagonals (default k = 3), applied with the fast
 * Walsh–Hadamard transform ({@link Hadamard#fwht}) in O(D log D) per vector. Inputs are
 * zero-padded to {@code D = 2^⌈log₂ d⌉}; each block has up to D vectors in R^D with χ_D norms (so
 * their first d coordinates — all an input sees — are approximately N(0, I_d)), and
 * {@code orthogonal-hd} takes D·(rotated basis) while {@code simplex-hd} maps the rotated
 * coordinates through S (Algorithm 1). The projection ({@link StructuredProjection}) applies
 * itself without materialising W: O(k·D log D + D) per input row and block, against O(d·D) dense.
 *
 * <p>HD products are not exactly Haar: the directions take finitely many values, so the
 * estimators are only approximately unbiased (for k = 3 the bias is below Monte Carlo resolution
 * in the tests for dense inputs; k = 1 is visibly biased on axis-aligned inputs). Blocks are
 * independent: each draws its own diagonals and norms.
 *
 * <p>When d is not a power of two, a row of R̃ can vanish on the d input coordinates (at d = 5,
 * k = 3 about one block in seven), which would make an all-zero projection vector; such a block's
 * diagonals are redrawn until no row of the whole D×D product vanishes there. Conditioning on an
 * event of the whole block keeps the second moments exact: replacing D₀ by h_j∘D₀ (h_j a Walsh
 * row of H) permutes R̃'s rows by i ↦ i⊕j and preserves the event, so every row keeps the same
 * law, and Σᵢ|R̃ᵢ,₁..d|² = d always gives E|w|² = d; the sign layer applied first flips columns
 * and preserves the event, so E[w wᵀ] = I_d. Parallel rows within a block do occur for such d
 * (D &gt; d vectors in R^d from finitely many values; e.g. always some pair at d = 5, k = 2), as
 * in any padded block they are not orthogonal. For d a power of two nothing is redrawn.
 * {@code simplex-hd} also redraws a block whose simplex combination of the rows it uses vanishes
 * there; that event depends on the block's size n, so the exactness argument above covers
 * {@code orthogonal-hd} only.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class HdCoupling extends AbstractMechanism implements Coupling {
    /** Id of the fast orthogonal variant. */
    public static final String ORTHOGONAL_ID = "orthogonal-hd";
    /** Id of the fast simplex variant. */
    public static final String SIMPLEX_ID = "simplex-hd";
    /** Default number of HD blocks. */
    public static final int DEFAULT_K = 3;

    private final BlockGeometry geometry;
    private final int k;

    /** An HD coupling with the given geometry and k ≥ 1 HD blocks. */
    public HdCoupling(BlockGeometry geometry, int k) {
        this.geometry = geometry;
        this.k = k;
    }

    private String id() {
        return geometry == BlockGeometry.SIMPLEX ? SIMPLEX_ID : ORTHOGONAL_ID;
    }

    @Override
    public Spec spec() {
        return Spec.of(id(), "k", (long) k);
    }

    @Override
    public int minimumDimension() {
        return geometry == BlockGeometry.SIMPLEX ? 2 : 1;
    }

    @Override
    public Projection draw(int m, int d, RandomGenerator rng) {
        Blocks.check(id(), m, d, minimumDimension());
        int size = Hadamard.paddedLength(d);
        double normalisation = Math.pow(size, -0.5 * k);
        int[] sizes = Blocks.sizes(m, size);
        StructuredProjection.Block[] blocks = new StructuredProjection.Block[sizes.length];
        int offset = 0;
        for (int b = 0; b < sizes.length; b++) {
            int n = sizes[b];
            double[][] signs = new double[k][size];
            int attempts = 0;
            do {
                if (++attempts > MAX_ATTEMPTS) {
                    throw new InvalidParameterException("k", k, "a k whose HD products do not keep drawing rows that vanish"
                            + " on the d = " + d + " input coordinates (" + MAX_ATTEMPTS + " draws failed); k = 1 or 3,"
                            + " or a power-of-two d");
                }
                for (int i = 0; i < k; i++) {
                    for (int j = 0; j < size; j++) {
                        signs[i][j] = rng.nextBoolean() ? 1.0 : -1.0;
                    }
                }
            } while (d < size && hasVanishingRow(signs, d, geometry, n));
            double[] scale = new double[n];
            for (int i = 0; i < n; i++) {
                scale[i] = ChiDistribution.sample(size, rng) * normalisation;
            }
            blocks[b] = new StructuredProjection.Block(new StructuredProjection.HdRotation(signs), geometry, n, scale, offset);
            offset += n;
        }
        return new StructuredProjection(d, m, blocks);
    }

    /** Redraws of a block's sign layers before giving up (a zero row has probability below 0.15 in every d measured). */
    static final int MAX_ATTEMPTS = 1000;

    /**
     * True if some row of {@code R̃ = Π H D_i} (all D rows, not only those a partial block uses)
     * vanishes on the first d coordinates, the only ones a zero-padded input reaches. Such a row
     * would be an all-zero projection vector (at d = 5, k = 3 about one block in seven).
     * Computed from the columns {@code R̃ e_j} of the D − d &lt; D/2 padding coordinates:
     * O(k·(D − d)·D log D), less than projecting D/2 input rows. The entries of the unnormalised
     * product are integers, exact in double while D^{k/2} &lt; 2⁵³, so the zero test is exact there
     * (and relative to D^k beyond).
     */
    static boolean hasVanishingRow(double[][] signs, int d, BlockGeometry geometry, int n) {
        StructuredProjection.HdRotation rotation = new StructuredProjection.HdRotation(signs);
        int size = rotation.size();
        // every row of the unnormalised product has |row|² = D^k (and every simplex combination of
        // rows too: S has unit rows), so the part on the d input columns is D^k minus the part on the
        // D − d < d padding columns (d > D/2 since D = 2^⌈log₂ d⌉)
        double full = Math.pow(size, signs.length);
        boolean simplex = geometry == BlockGeometry.SIMPLEX;
        double[] norm2 = new double[size];
        double[] emitted = new double[n];
        double[] ones = new double[n];
        java.util.Arrays.fill(ones, 1.0);
        double[] out = new double[Math.max(n, size)];
        double[] buf = new double[size];
        for (int j = d; j < size; j++) {
            java.util.Arrays.fill(buf, 0.0);
            buf[j] = 1.0;
            rotation.rotate(buf);
            for (int i = 0; i < size; i++) {
                norm2[i] += buf[i] * buf[i];
            }
            if (simplex) {
                geometry.emit(buf, n, ones, out, 0);
                for (int i = 0; i < n; i++) {
                    emitted[i] += out[i] * out[i];
                }
            }
        }
        double zero = 1e-12 * full;
        for (double v : norm2) {
            if (full - v <= zero) {
                return true;
            }
        }
        if (simplex) {
            for (double v : emitted) {
                if (full - v <= zero) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The two HD providers differ only in the block geometry. */
    abstract static class HdProvider extends AbstractProvider<Coupling> implements CouplingProvider {
        private static final Param<Integer> K = Param.integer("k", DEFAULT_K, 1L, 16L,
                "number of HD blocks H·D_i in the product replacing the Haar rotation (Eq. 89)");

        HdProvider(BlockGeometry geometry, String id, String description) {
            super(id, description, (p, context) -> new HdCoupling(geometry, p.get(K)), K);
        }
    }

    /** The {@code orthogonal-hd} provider. */
    public static final class OrthogonalProvider extends HdProvider {
        public OrthogonalProvider() {
            super(BlockGeometry.ORTHOGONAL, ORTHOGONAL_ID,
                    "fast ORFs: Haar rotation replaced by k HD blocks, applied by FWHT in O(d log d) (SimRF App. B.2.2)");
        }
    }

    /** The {@code simplex-hd} provider. */
    public static final class SimplexProvider extends HdProvider {
        public SimplexProvider() {
            super(BlockGeometry.SIMPLEX, SIMPLEX_ID,
                    "fast SimRFs: W = D S R~ with R~ a product of k HD blocks, O(d log d) per vector (SimRF Sec. 4.2)");
        }
    }
}
