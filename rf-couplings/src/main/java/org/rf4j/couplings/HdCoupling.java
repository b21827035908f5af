package org.rf4j.couplings;

import java.util.random.RandomGenerator;
import org.rf4j.api.Spec;
import org.rf4j.api.linalg.Hadamard;
import org.rf4j.api.mechanism.AbstractMechanism;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.Projection;
import org.rf4j.api.random.ChiDistribution;
import org.rf4j.spi.AbstractProvider;
import org.rf4j.spi.CouplingProvider;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.Parameter;


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
 */
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
            for (int i = 0; i < k; i++) {
                for (int j = 0; j < size; j++) {
                    signs[i][j] = rng.nextBoolean() ? 1.0 : -1.0;
                }
            }
            double[] scale = new double[n];
            for (int i = 0; i < n; i++) {
                scale[i] = ChiDistribution.sample(size, rng) * normalisation;
            }
            blocks[b] = new StructuredProjection.Block(new StructuredProjection.HdRotation(signs), geometry, n, scale, offset);
            offset += n;
        }
        return new StructuredProjection(d, m, blocks);
    }

    /** The two HD providers differ only in the block geometry. */
    abstract static class HdProvider extends AbstractProvider<Coupling> implements CouplingProvider {
        HdProvider(BlockGeometry geometry, String id, String description) {
            super(MechanismKind.COUPLING, id, description, (p, context) -> new HdCoupling(geometry, p.getInt("k")),
                    Parameter.integer("k", DEFAULT_K, 1L, 16L,
                            "number of HD blocks H·D_i in the product replacing the Haar rotation (Eq. 89)"));
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
