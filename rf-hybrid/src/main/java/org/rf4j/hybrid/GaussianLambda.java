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
package org.rf4j.hybrid;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.linalg.LinearAlgebra;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.FeatureMap;
import org.rf4j.api.mechanism.FeatureRequest;
import org.rf4j.api.mechanism.LambdaEstimator;
import org.rf4j.api.mechanism.DrawnLambda;
import org.rf4j.api.mechanism.LambdaRequest;
import org.rf4j.api.mechanism.PointQuery;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.Side;
import org.rf4j.spi.AbstractProvider;
import org.rf4j.spi.BuildContext;
import org.rf4j.spi.LambdaEstimatorProvider;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.Param;
import org.rf4j.spi.Parameters;
import org.apiguardian.api.API;

/**
 * The Gaussian λ-coefficient of HRF Sec. 2.4 (Eq. 20): {@code λ(x, y) = exp(−|Px + My|²/(2c²))}
 * with P = I in the paper ({@code queryDiagonal} extends it to a diagonal P, which is what the
 * Gaussian-mixture clustering hybrid of App. H.2 Eq. 93–96 needs: P = A, M = A⁻¹). It is the
 * Gaussian kernel between {@code Px/c} and {@code −My/c}, so a = 0 and
 * {@code ρ₁(x) = φ_G(Px/c)}, {@code ρ₂(y) = φ_G(−My/c)} for any feature map φ_G of the unit Gaussian
 * kernel with n projections (Eq. 20 writes {@code e^{−|u|²/2}φ^SM(u)}, which is φ_G). M defaults
 * to −I (λ fires for x ≈ y). {@code E[λ̂²] = λ² + MSE(φ_G)} where the feature map knows its MSE.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class GaussianLambda implements LambdaEstimator {
    public static final String ID = "gaussian";

    static final Param<Double> SCALE = Param.number("scale", 1.0, 1e-12, null, "the width c of the firing window");
    static final Param<Optional<double[]>> DIAGONAL = Param.numbers("diagonal",
            "M as a diagonal (d entries, or 1 for a multiple of I); default −I");
    static final Param<Optional<double[]>> MATRIX = Param.numbers("matrix",
            "M as a full d×d matrix, d² entries row-major");
    static final Param<Optional<double[]>> QUERY_DIAGONAL = Param.numbers("queryDiagonal",
            "optional diagonal P applied to x (App. H.2 Eq. 93); default I");
    static final Param<Integer> N = Param.integer("n", 16, 1L, 1L << 20, "number of projections for the λ features");
    static final Param<Spec> FEATURES = Param.mechanism("features", MechanismKind.FEATURE_MAP,
            Spec.of("trigonometric"), "the Gaussian-kernel feature map φ_G (trigonometric or positive in the paper)");
    static final Param<Spec> COUPLING = Param.mechanism("coupling", MechanismKind.COUPLING, Spec.of("iid"),
            "how the λ projections are drawn");

    private final Spec spec;
    private final FeatureMap features;
    private final Coupling coupling;
    private final int n;
    private final double scale;
    private final double[] queryDiagonal;
    private final double[] diagonal;
    private final double[] matrix;

    /**
     * @param queryDiagonal P's diagonal (length 1 or d), or null for I
     * @param diagonal      M's diagonal (length 1 or d), or null
     * @param matrix        M (d², row-major) when {@code diagonal} is null; both null: M = −I
     */
    public GaussianLambda(Spec spec, FeatureMap features, Coupling coupling, int n, double scale, double[] queryDiagonal,
            double[] diagonal, double[] matrix) {
        this.spec = Objects.requireNonNull(spec, "spec");
        this.features = Objects.requireNonNull(features, "features");
        this.coupling = Objects.requireNonNull(coupling, "coupling");
        this.n = n;
        if (!(scale > 0) || !Double.isFinite(scale)) {
            throw new InvalidParameterException("scale", scale, "a finite number > 0");
        }
        this.scale = scale;
        this.queryDiagonal = queryDiagonal == null ? null : queryDiagonal.clone();
        if (diagonal == null && matrix == null) {
            this.diagonal = new double[] {-1.0};
        } else {
            this.diagonal = diagonal == null ? null : diagonal.clone();
        }
        this.matrix = matrix == null ? null : matrix.clone();
    }

    @Override
    public Spec spec() {
        return spec;
    }

    private void checkDimension(int d) {
        if (queryDiagonal != null && queryDiagonal.length != 1 && queryDiagonal.length != d) {
            throw new DimensionMismatchException("parameter 'queryDiagonal' has " + queryDiagonal.length
                    + " entries but the input dimension is " + d + "; allowed: 1 or " + d);
        }
        if (diagonal != null && diagonal.length != 1 && diagonal.length != d) {
            throw new DimensionMismatchException("parameter 'diagonal' has " + diagonal.length
                    + " entries but the input dimension is " + d + "; allowed: 1 or " + d);
        }
        if (matrix != null && matrix.length != d * d) {
            throw new DimensionMismatchException("parameter 'matrix' has " + matrix.length
                    + " entries but the input dimension is " + d + "; allowed: d² = " + d * d + " (row-major)");
        }
    }

    /** Rows x ↦ Px/c. */
    Matrix queryInput(Matrix x) {
        int d = x.cols();
        Matrix o = x.copy();
        double[] a = o.data();
        for (int i = 0; i < a.length; i++) {
            double p = queryDiagonal == null ? 1.0 : queryDiagonal.length == 1 ? queryDiagonal[0] : queryDiagonal[i % d];
            a[i] *= p / scale;
        }
        return o;
    }

    /** Rows y ↦ −My/c. */
    Matrix keyInput(Matrix y) {
        int d = y.cols();
        Matrix o;
        if (matrix != null) {
            o = LinearAlgebra.multiplyTransposed(y, Matrix.wrap(d, d, matrix), null);
            double[] a = o.data();
            for (int i = 0; i < a.length; i++) {
                a[i] *= -1.0 / scale;
            }
        } else {
            o = y.copy();
            double[] a = o.data();
            for (int i = 0; i < a.length; i++) {
                a[i] *= -(diagonal.length == 1 ? diagonal[0] : diagonal[i % d]) / scale;
            }
        }
        return o;
    }

    @Override
    public double value(double[] x, double[] y) {
        checkDimension(x.length);
        double[] u = queryInput(Matrix.row(x)).data();
        double[] v = keyInput(Matrix.row(y)).data();
        double s = 0;
        for (int k = 0; k < u.length; k++) {
            double t = u[k] - v[k];
            s += t * t;
        }
        return Math.exp(-0.5 * s);
    }

    @Override
    public DrawnLambda draw(LambdaRequest request) {
        int d = request.d();
        checkDimension(d);
        DrawnFeatures rf = features.draw(new FeatureRequest(KernelKind.GAUSSIAN, d, n, coupling, null, request.rng()));
        return new DrawnLinearLambdaFeatures(0.0, d, rf.outputDimension(), x -> rf.map(Side.QUERY, queryInput(x), null),
                y -> rf.map(Side.KEY, keyInput(y), null));
    }

    @Override
    public OptionalDouble secondMoment(double[] x, double[] y) {
        checkDimension(x.length);
        double[] u = queryInput(Matrix.row(x)).data();
        double[] v = keyInput(Matrix.row(y)).data();
        OptionalDouble mse = features.theoryMse(new PointQuery(KernelKind.GAUSSIAN, n, coupling, null, u, v));
        if (mse.isEmpty()) {
            return mse;
        }
        double l = value(x, y);
        return OptionalDouble.of(l * l + mse.getAsDouble());
    }

    /** The {@code gaussian} provider. */
    public static final class Provider extends AbstractProvider<LambdaEstimator> implements LambdaEstimatorProvider {
        public Provider() {
            super(ID,
                    "λ = exp(−|x + My|²/(2c²)) estimated by Gaussian-kernel random features (HRF Eq. 20)",
                    Provider::build, SCALE, DIAGONAL, MATRIX, QUERY_DIAGONAL, N, FEATURES, COUPLING);
        }

        private static LambdaEstimator build(Parameters p, BuildContext context) {
            double[] diagonal = p.get(DIAGONAL).orElse(null);
            double[] matrix = p.get(MATRIX).orElse(null);
            if (diagonal != null && matrix != null) {
                throw new InvalidParameterException(p.key(MATRIX), "give either 'diagonal' or 'matrix' for M, not both");
            }
            if (matrix != null) {
                int d = (int) Math.round(Math.sqrt(matrix.length));
                if (d == 0 || d * d != matrix.length) {
                    throw new InvalidParameterException(p.key(MATRIX), matrix.length + " entries",
                            "a square number d² of entries (row-major)");
                }
            }
            if (diagonal != null && diagonal.length == 0) {
                throw new InvalidParameterException(p.key(DIAGONAL), "[]", "1 or d entries");
            }
            FeatureMap f = context.featureMap(p.key(FEATURES), p.get(FEATURES));
            Coupling c = context.coupling(p.key(COUPLING), p.get(COUPLING));
            Spec spec = p.spec().with(FEATURES.name(), f.spec()).with(COUPLING.name(), c.spec());
            return new GaussianLambda(spec, f, c, p.get(N), p.get(SCALE), p.get(QUERY_DIAGONAL).orElse(null), diagonal,
                    matrix);
        }
    }
}
