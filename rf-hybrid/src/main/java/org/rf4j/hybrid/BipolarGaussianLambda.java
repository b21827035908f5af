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
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.GaussianKernel;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.api.mechanism.EstimatorRequest;
import org.rf4j.api.mechanism.DrawnEstimator;
import org.rf4j.api.mechanism.LambdaEstimator;
import org.rf4j.api.mechanism.DrawnLambda;
import org.rf4j.api.mechanism.LambdaRequest;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.Side;
import org.rf4j.features.RandomFeaturesEstimator;
import org.rf4j.spi.AbstractProvider;
import org.rf4j.spi.BuildContext;
import org.rf4j.spi.LambdaEstimatorProvider;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.Param;
import org.rf4j.spi.Parameters;
import org.rf4j.theory.HybridTheory;
import org.rf4j.theory.Vectors;
import org.apiguardian.api.API;

/**
 * The normalised bipolar Gaussian λ-coefficient (HRF App. F, Eq. 67–70):
 * {@code λ(x, y) = (1 − exp(−σ²|x − y|²/2))/ρ}, {@code ρ = 1 − e^{−2σ²r²}}, so λ = 0 at θ = 0 and
 * λ = 1 at θ = π for inputs of norm r. The Gaussian kernel {@code K(σx, σy)} is estimated by a
 * nested estimator Ψ (default: {@code random-features} with trigonometric features and m = n,
 * which is Eq. 69–70 with the σ the print omits in Eq. 70), giving
 * {@code λ̂ = 1/ρ − Ψ₁(σx)ᵀΨ₂(σy)/ρ}: a = 1/ρ, ρ₁ = −Ψ₁(σx)/ρ, ρ₂ = Ψ₂(σy).
 *
 * <p><b>Nesting</b> (App. F remark): since any estimator's features are linear, the nested
 * estimator may itself be a {@code hybrid}, e.g. the angular hybrid, which makes λ̂ exact at both
 * θ = 0 and θ = π. {@code E[λ̂²] = λ² + MSE(Ψ)/ρ²} (Eq. 72 for the trigonometric default) whenever
 * the nested estimator knows its MSE.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class BipolarGaussianLambda implements LambdaEstimator {
    public static final String ID = "bipolar-gaussian";

    private final Spec spec;
    private final double sigma;
    private final double r;
    private final double rho;
    private final Estimator estimator;

    public BipolarGaussianLambda(Spec spec, double sigma, double r, Estimator estimator) {
        this.spec = Objects.requireNonNull(spec, "spec");
        this.estimator = Objects.requireNonNull(estimator, "estimator");
        this.sigma = sigma;
        this.r = r;
        this.rho = HybridTheory.bipolarGaussianRho(sigma, r);
        if (!(rho > 0)) {
            throw new InvalidParameterException("r", r, "σ·r large enough that ρ = 1 − e^{−2σ²r²} > 0");
        }
    }

    @Override
    public Spec spec() {
        return spec;
    }

    @Override
    public double value(double[] x, double[] y) {
        return HybridTheory.bipolarGaussianLambda(Vectors.squaredNormOfSum(x, y, -1), sigma, r);
    }

    @Override
    public DrawnLambda draw(LambdaRequest request) {
        int d = request.d();
        DrawnEstimator k = estimator.draw(new EstimatorRequest(new GaussianKernel(1.0), d, request.rng().nextLong()));
        DrawnFeatures f = k.features();
        return new DrawnLinearLambdaFeatures(1 / rho, d, f.outputDimension(), x -> scaledMap(f, Side.QUERY, x, -1 / rho),
                y -> scaledMap(f, Side.KEY, y, 1.0));
    }

    private Matrix scaledMap(DrawnFeatures f, Side side, Matrix x, double factor) {
        Matrix o = f.map(side, x.scaled(sigma), null);
        if (factor != 1.0) {
            double[] a = o.data();
            for (int i = 0; i < a.length; i++) {
                a[i] *= factor;
            }
        }
        return o;
    }

    @Override
    public OptionalDouble secondMoment(double[] x, double[] y) {
        double[] sx = x.clone();
        double[] sy = y.clone();
        for (int i = 0; i < sx.length; i++) {
            sx[i] *= sigma;
            sy[i] *= sigma;
        }
        OptionalDouble mse = estimator.theoryMse(new GaussianKernel(1.0), sx, sy);
        if (mse.isEmpty()) {
            return mse;
        }
        double l = value(x, y);
        return OptionalDouble.of(l * l + mse.getAsDouble() / (rho * rho));
    }

    /** The {@code bipolar-gaussian} provider. */
    public static final class Provider extends AbstractProvider<LambdaEstimator> implements LambdaEstimatorProvider {
        private static final Param<Double> SIGMA = Param.number("sigma", 1.0, 1e-12, null,
                "smoothness σ of the Gaussian kernel in λ");
        private static final Param<Double> R = Param.number("r", 1.0, 1e-12, null,
                "the common input norm r that normalises λ (Eq. 68)");
        private static final Param<Integer> N = Param.integer("n", 16, 1L, 1L << 20,
                "trigonometric features of the default nested estimator (ignored if 'estimator' is given)");
        private static final Param<Optional<Spec>> ESTIMATOR = Param.optionalMechanism("estimator",
                MechanismKind.ESTIMATOR,
                "nested estimator of the unit Gaussian kernel at (σx, σy); default trigonometric RFs, m = n");

        public Provider() {
            super(ID,
                    "normalised bipolar Gaussian λ = (1 − e^{−σ²|x−y|²/2})/(1 − e^{−2σ²r²}) (HRF Eq. 67–70); "
                    + "the Gaussian kernel by a nested estimator (may itself be a hybrid)",
                    Provider::build, SIGMA, R, N, ESTIMATOR);
        }

        private static LambdaEstimator build(Parameters p, BuildContext context) {
            Optional<Spec> given = p.get(ESTIMATOR);
            Spec nested = given.orElseGet(() -> RandomFeaturesEstimator.specOf(Spec.of("iid"), Spec.of("trigonometric"),
                    p.get(N)));
            Estimator e = context.estimator(p.key(ESTIMATOR), nested);
            Spec spec = given.isPresent() ? p.spec().with(ESTIMATOR.name(), e.spec()) : p.spec();
            return new BipolarGaussianLambda(spec, p.get(SIGMA), p.get(R), e);
        }
    }
}
