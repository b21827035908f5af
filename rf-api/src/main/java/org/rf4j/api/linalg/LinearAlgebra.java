package org.rf4j.api.linalg;

import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.Matrix;

/**
 * Dense matrix products on row-major {@link Matrix} values. Each takes an optional output
 * buffer (null allocates) and refuses an output that aliases an input.
 */
public final class LinearAlgebra {
    private LinearAlgebra() {
    }

    /** {@code out = X·Wᵀ}: X is n×d, W is m×d, out is n×m. The feature maps' hot path. */
    public static Matrix multiplyTransposed(Matrix x, Matrix w, Matrix out) {
        if (x.cols() != w.cols()) {
            throw new DimensionMismatchException("X·Wᵀ: X is " + x.shape() + " and W is " + w.shape()
                    + "; their column counts must agree");
        }
        Matrix o = Matrix.requireShape(out, x.rows(), w.rows(), "X·Wᵀ output");
        noAlias(o, x, w);
        int n = x.rows();
        int d = x.cols();
        int m = w.rows();
        double[] xd = x.data();
        double[] wd = w.data();
        double[] od = o.data();
        for (int i = 0; i < n; i++) {
            int xo = i * d;
            int oo = i * m;
            for (int j = 0; j < m; j++) {
                int wo = j * d;
                double acc = 0;
                for (int k = 0; k < d; k++) {
                    acc += xd[xo + k] * wd[wo + k];
                }
                od[oo + j] = acc;
            }
        }
        return o;
    }

    /** {@code out = A·B}: A is n×k, B is k×m. */
    public static Matrix multiply(Matrix a, Matrix b, Matrix out) {
        if (a.cols() != b.rows()) {
            throw new DimensionMismatchException("A·B: A is " + a.shape() + " and B is " + b.shape()
                    + "; A's columns must equal B's rows");
        }
        Matrix o = Matrix.requireShape(out, a.rows(), b.cols(), "A·B output");
        noAlias(o, a, b);
        java.util.Arrays.fill(o.data(), 0.0);
        int n = a.rows();
        int k = a.cols();
        int m = b.cols();
        double[] ad = a.data();
        double[] bd = b.data();
        double[] od = o.data();
        for (int i = 0; i < n; i++) {
            for (int p = 0; p < k; p++) {
                double aip = ad[i * k + p];
                if (aip == 0) {
                    continue;
                }
                int bo = p * m;
                int oo = i * m;
                for (int j = 0; j < m; j++) {
                    od[oo + j] += aip * bd[bo + j];
                }
            }
        }
        return o;
    }

    /** {@code out = Aᵀ·B}: A is n×k, B is n×m, out is k×m. */
    public static Matrix transposeMultiply(Matrix a, Matrix b, Matrix out) {
        if (a.rows() != b.rows()) {
            throw new DimensionMismatchException("Aᵀ·B: A is " + a.shape() + " and B is " + b.shape()
                    + "; their row counts must agree");
        }
        Matrix o = Matrix.requireShape(out, a.cols(), b.cols(), "Aᵀ·B output");
        noAlias(o, a, b);
        java.util.Arrays.fill(o.data(), 0.0);
        int n = a.rows();
        int k = a.cols();
        int m = b.cols();
        double[] ad = a.data();
        double[] bd = b.data();
        double[] od = o.data();
        for (int i = 0; i < n; i++) {
            for (int p = 0; p < k; p++) {
                double aip = ad[i * k + p];
                int oo = p * m;
                int bo = i * m;
                for (int j = 0; j < m; j++) {
                    od[oo + j] += aip * bd[bo + j];
                }
            }
        }
        return o;
    }

    /** {@code out = A·v}: A is n×k, v has length k. */
    public static double[] multiply(Matrix a, double[] v, double[] out) {
        if (a.cols() != v.length) {
            throw new DimensionMismatchException("A·v: A is " + a.shape() + " and v has length " + v.length);
        }
        double[] o = out == null ? new double[a.rows()] : out;
        if (o.length != a.rows()) {
            throw new DimensionMismatchException("A·v output has length " + o.length + " but " + a.rows() + " is required");
        }
        int k = a.cols();
        double[] ad = a.data();
        for (int i = 0; i < a.rows(); i++) {
            double acc = 0;
            for (int p = 0; p < k; p++) {
                acc += ad[i * k + p] * v[p];
            }
            o[i] = acc;
        }
        return o;
    }

    /** {@code out = Aᵀ·v}: A is n×k, v has length n. */
    public static double[] transposeMultiply(Matrix a, double[] v, double[] out) {
        if (a.rows() != v.length) {
            throw new DimensionMismatchException("Aᵀ·v: A is " + a.shape() + " and v has length " + v.length);
        }
        double[] o = out == null ? new double[a.cols()] : out;
        if (o.length != a.cols()) {
            throw new DimensionMismatchException("Aᵀ·v output has length " + o.length + " but " + a.cols() + " is required");
        }
        java.util.Arrays.fill(o, 0.0);
        int k = a.cols();
        double[] ad = a.data();
        for (int i = 0; i < a.rows(); i++) {
            double vi = v[i];
            for (int p = 0; p < k; p++) {
                o[p] += ad[i * k + p] * vi;
            }
        }
        return o;
    }

    private static void noAlias(Matrix out, Matrix... inputs) {
        for (Matrix in : inputs) {
            if (out.data() == in.data()) {
                throw new IllegalArgumentException("the output buffer must not alias an input");
            }
        }
    }
}
