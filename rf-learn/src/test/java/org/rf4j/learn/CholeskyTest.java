package org.rf4j.learn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.rf4j.api.Matrix;
import org.rf4j.api.linalg.LinearAlgebra;

class CholeskyTest {

    /** n = 150 spans three panels (64, 64, 22), so the GEMM trailing update is exercised. */
    @Test
    void factorReproducesTheMatrixAndSolvesToRoundingAcrossPanels() {
        int n = 150;
        Matrix a = Data.spd(n, 7);
        Cholesky c = Cholesky.factor(a, "test system");
        Matrix l = c.factor();
        Matrix llt = LinearAlgebra.multiplyTransposed(l, l, null);
        double scale = 0;
        for (double v : a.data()) {
            scale = Math.max(scale, Math.abs(v));
        }
        for (int i = 0; i < n * n; i++) {
            assertThat(Math.abs(llt.data()[i] - a.data()[i])).isLessThan(1e-12 * scale);
        }
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                assertThat(l.get(i, j)).isZero();
            }
        }
        Matrix b = Data.gaussian(n, 3, 8);
        Matrix x = c.solve(b);
        Matrix ax = LinearAlgebra.multiply(a, x, null);
        for (int i = 0; i < b.data().length; i++) {
            assertThat(ax.data()[i]).isCloseTo(b.data()[i], org.assertj.core.data.Offset.offset(1e-8));
        }
    }

    @Test
    void notPositiveDefiniteIsRefusedNamingThePivot() {
        Matrix a = Matrix.of(new double[][] {{1, 2}, {2, 1}});
        assertThatThrownBy(() -> Cholesky.factor(a, "the ridge system"))
                .isInstanceOf(NotPositiveDefiniteException.class)
                .hasMessageContaining("the ridge system is not positive definite")
                .hasMessageContaining("pivot 1 of 2");
        Matrix nan = Matrix.of(new double[][] {{Double.NaN}});
        assertThatThrownBy(() -> Cholesky.factor(nan, "s")).isInstanceOf(NotPositiveDefiniteException.class);
    }
}
