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
import java.util.OptionalDouble;
import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.LambdaEstimator;
import org.rf4j.api.mechanism.DrawnLambda;
import org.rf4j.api.mechanism.LambdaRequest;
import org.rf4j.api.mechanism.Projection;
import org.rf4j.spi.AbstractProvider;
import org.rf4j.spi.LambdaEstimatorProvider;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.Param;
import org.rf4j.theory.HybridTheory;
import org.apiguardian.api.API;

/**
 * The angular λ-coefficient {@code λ(x, y) = θ_{x,y}/π} estimated with n sgn random features
 * (Goemans–Williamson; HRF Eq. 19, App. D.1 Eq. 42–43):
 * {@code λ̂ = 1/2 + ρₙ(x)ᵀρₙ(y)}, {@code ρₙ(z) = i/√(2n) (sgn(τⱼᵀz))ⱼ}, i.e. (realified)
 * ρ₁ = −sgn(τᵀx)/√(2n), ρ₂ = sgn(τᵀy)/√(2n), a = 1/2. E[λ̂²] is Lemma 3.2 (iid τ). The τⱼ are drawn
 * with a coupling (default {@code iid}; an orthogonal coupling gives the paper's HRF-ort).
 * sgn(0) is taken as +1; for a zero input θ is taken as 0, which the estimator then reproduces.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class AngularLambda implements LambdaEstimator {
    public static final String ID = "angular";

    private final Coupling coupling;
    private final int n;

    public AngularLambda(Coupling coupling, int n) {
        this.coupling = Objects.requireNonNull(coupling, "coupling");
        this.n = n;
    }

    public int n() {
        return n;
    }

    @Override
    public Spec spec() {
        return Spec.of(ID, "n", (long) n, "coupling", coupling.spec());
    }

    @Override
    public double value(double[] x, double[] y) {
        return HybridTheory.angle(x, y) / Math.PI;
    }

    @Override
    public DrawnLambda draw(LambdaRequest request) {
        int d = request.d();
        Projection tau = coupling.draw(n, d, request.rng());
        double s = 1.0 / Math.sqrt(2.0 * n);
        return new DrawnLinearLambdaFeatures(0.5, d, n, x -> signs(tau, x, -s), y -> signs(tau, y, s));
    }

    private static Matrix signs(Projection tau, Matrix x, double scale) {
        Matrix z = tau.apply(x, null);
        double[] a = z.data();
        for (int i = 0; i < a.length; i++) {
            a[i] = a[i] >= 0 ? scale : -scale;
        }
        return z;
    }

    @Override
    public OptionalDouble secondMoment(double[] x, double[] y) {
        if (!coupling.independent()) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(HybridTheory.angularLambdaSecondMoment(HybridTheory.angle(x, y), n));
    }

    /** The {@code angular} provider. */
    public static final class Provider extends AbstractProvider<LambdaEstimator> implements LambdaEstimatorProvider {
        private static final Param<Integer> N = Param.integer("n", 8, 1L, 1L << 20, "number of sgn random features");
        private static final Param<Spec> COUPLING = Param.mechanism("coupling", MechanismKind.COUPLING, Spec.of("iid"),
                "how the sgn projections τ are drawn");

        public Provider() {
            super(ID,
                    "λ = θ/π estimated by n sgn random features: λ̂ = 1/2 − (1/2n) Σ sgn(τᵀx) sgn(τᵀy) (HRF Eq. 19)",
                    (p, context) -> new AngularLambda(context.coupling(p.key(COUPLING), p.get(COUPLING)), p.get(N)),
                    N, COUPLING);
        }
    }
}
