package org.rf4j.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.Projection;
import org.rf4j.api.random.Seeds;
import org.rf4j.spi.CouplingProvider;

/**
 * Contract for couplings: shapes for m &lt; d, m = d and m &gt; d; 0-row batches; determinism for a
 * seed; {@code apply} agrees with the materialised W; m ≤ 0 rejected; and every vector marginally
 * N(0, I_d), checked through the isotropy identity {@code E[exp(wᵀx)] = exp(|x|²/2)} (which a
 * non-Haar orthogonal block fails) and the second moment {@code E[(wᵀu)²] = |u|²}.
 */
public abstract class CouplingContract extends ProviderContract<Coupling, CouplingProvider> {

    /** The input dimension the contract draws in (override for couplings with constraints). */
    protected int dimension() {
        return 8;
    }

    protected Coupling coupling() {
        return create();
    }

    @Test
    void drawsTheRequestedShape() {
        int d = dimension();
        for (int m : new int[] {1, d / 2 + 1, d, 2 * d + 3}) {
            Projection p = coupling().draw(m, d, Seeds.generator(7));
            assertThat(p.count()).as("count for m=%d", m).isEqualTo(m);
            assertThat(p.dimension()).isEqualTo(d);
            Matrix w = p.matrix();
            assertThat(w.rows()).isEqualTo(m);
            assertThat(w.cols()).isEqualTo(d);
            for (double v : w.data()) {
                assertThat(Double.isFinite(v)).as("finite entries").isTrue();
            }
        }
    }

    @Test
    void appliesToEmptyAndNonEmptyBatchesConsistentlyWithItsMatrix() {
        int d = dimension();
        Projection p = coupling().draw(d + 2, d, Seeds.generator(11));
        assertThat(p.apply(Matrix.zeros(0, d), null).rows()).isZero();
        RandomGenerator r = Seeds.generator(12);
        Matrix x = Matrix.zeros(5, d);
        for (int i = 0; i < x.data().length; i++) {
            x.data()[i] = r.nextGaussian();
        }
        Matrix z = p.apply(x, null);
        Matrix w = p.matrix();
        for (int i = 0; i < 5; i++) {
            for (int j = 0; j < p.count(); j++) {
                double acc = 0;
                for (int k = 0; k < d; k++) {
                    acc += x.get(i, k) * w.get(j, k);
                }
                assertThat(z.get(i, j)).isCloseTo(acc, org.assertj.core.data.Offset.offset(1e-9 * (1 + Math.abs(acc))));
            }
        }
    }

    @Test
    void isDeterministicForASeed() {
        int d = dimension();
        Matrix a = coupling().draw(2 * d + 1, d, Seeds.generator(99)).matrix();
        Matrix b = coupling().draw(2 * d + 1, d, Seeds.generator(99)).matrix();
        Matrix c = coupling().draw(2 * d + 1, d, Seeds.generator(100)).matrix();
        assertThat(a).as("same seed, bit-identical").isEqualTo(b);
        assertThat(a).as("different seeds differ").isNotEqualTo(c);
    }

    @Test
    void rejectsNonPositiveCount() {
        assertThatThrownBy(() -> coupling().draw(0, dimension(), Seeds.generator(1)))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("m");
    }

    @Test
    void vectorsAreMarginallyStandardGaussian() {
        int d = dimension();
        double[] x = new double[d];
        double[] u = new double[d];
        for (int k = 0; k < d; k++) {
            x[k] = (k % 2 == 0 ? 0.45 : -0.3) * Math.sqrt(2.0 / d);
            u[k] = (k % 3 == 0 ? 1.0 : 0.5);
        }
        double xx = 0;
        double uu = 0;
        for (int k = 0; k < d; k++) {
            xx += x[k] * x[k];
            uu += u[k] * u[k];
        }
        int m = d;
        int trials = 4000;
        double[] mgf = new double[trials];
        double[] second = new double[trials];
        for (int t = 0; t < trials; t++) {
            Matrix w = coupling().draw(m, d, Seeds.generator(1000, t)).matrix();
            double s1 = 0;
            double s2 = 0;
            for (int j = 0; j < m; j++) {
                double wx = 0;
                double wu = 0;
                for (int k = 0; k < d; k++) {
                    wx += w.get(j, k) * x[k];
                    wu += w.get(j, k) * u[k];
                }
                s1 += Math.exp(wx);
                s2 += wu * wu;
            }
            mgf[t] = s1 / m;
            second[t] = s2 / m;
        }
        MonteCarlo.summarize(mgf).assertMeanMatches(Math.exp(xx / 2), 0.05, "E[exp(w·x)] = exp(|x|²/2)");
        MonteCarlo.summarize(second).assertMeanMatches(uu, 0.25, "E[(w·u)²] = |u|²");
    }
}
