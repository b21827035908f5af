package org.rf4j.vector;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rf4j.api.linalg.ExactMath;

/**
 * The vector kernels and their scalar twins in {@link ExactMath} give the same bits for every
 * element — vector lanes, the loop's tail and the special lanes — so features do not depend on
 * whether {@code jdk.incubator.vector} is present (a class-path run has no vector kernels, a
 * module-path run has them). A planted one-ulp change in either twin fails here.
 */
class ExactMathTwinTest {
    private static final PanamaKernels VK = new PanamaKernels();

    private static double[] inputs(long seed, int n, double scale) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = scale * (2 * r.nextDouble() - 1);
        }
        return x;
    }

    @Test
    void expSinCosMatchTheirScalarTwinsBitForBit() {
        for (double scale : new double[] {1e-9, 0.3, 3, 40, 700, 720, 5000}) {
            for (int n : new int[] {1, 7, 8, 9, 63, 1000}) {
                double[] x = inputs((long) (scale * 1000) + n, n, scale);
                x[0] = n % 2 == 0 ? Double.NaN : -0.0;
                double[] e = new double[n];
                double[] s = new double[n];
                double[] c = new double[n];
                VK.expAffine(x, 0, 1.0, 0.0, e, 0, n);
                VK.sin(x, 0, 1.0, s, 0, n);
                VK.cos(x, 0, 1.0, c, 0, n);
                for (int i = 0; i < n; i++) {
                    assertThat(Double.doubleToRawLongBits(e[i])).as("exp(%s)", x[i])
                            .isEqualTo(Double.doubleToRawLongBits(ExactMath.exp(x[i])));
                    assertThat(Double.doubleToRawLongBits(s[i])).as("sin(%s)", x[i])
                            .isEqualTo(Double.doubleToRawLongBits(ExactMath.sin(x[i])));
                    assertThat(Double.doubleToRawLongBits(c[i])).as("cos(%s)", x[i])
                            .isEqualTo(Double.doubleToRawLongBits(ExactMath.cos(x[i])));
                }
            }
        }
    }

    @Test
    void theTwinsAreAccurate() {
        double[] x = inputs(5, 20000, 30);
        for (double v : x) {
            assertThat(Math.abs(ExactMath.exp(v) - StrictMath.exp(v))).isLessThanOrEqualTo(Math.ulp(StrictMath.exp(v)));
            assertThat(Math.abs(ExactMath.cos(v) - StrictMath.cos(v))).isLessThanOrEqualTo(Math.ulp(1.0));
            assertThat(Math.abs(ExactMath.sin(v) - StrictMath.sin(v))).isLessThanOrEqualTo(2 * Math.ulp(1.0));
        }
    }
}
