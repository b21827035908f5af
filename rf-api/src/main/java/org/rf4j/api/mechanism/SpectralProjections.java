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
package org.rf4j.api.mechanism;

import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.Isotropic;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.kernel.ShiftInvariant;
import org.apiguardian.api.API;

/**
 * The projections of a shift-invariant kernel other than the Gaussian, drawn from its spectral law
 * through the kernel's capabilities.
 *
 * <ul>
 *   <li>{@link Isotropic}: the coupling draws m Gaussian-marginal vectors (setting their directions
 *       jointly), then each vector gets the kernel's norm ({@link Isotropic#rowScales}: one mixing
 *       draw {@code √τ_j} per vector for a Gaussian scale mixture, else {@code ρ_j/|w_j|} with ρ_j from
 *       the radial law). Each vector is then a draw of the kernel's spectral law, so the coupling's
 *       unbiasedness carries over.</li>
 *   <li>{@link ShiftInvariant} only: m independent draws of the whole spectral law, stored (an
 *       independent coupling only).</li>
 * </ul>
 * Order of draws: the coupling's, then the scales (or the m spectral vectors in order).
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public final class SpectralProjections {
    private SpectralProjections() {
    }

    /** The projections of {@code kernel} for {@code request} (its coupling, m, d and generator). */
    public static Projection draw(Kernel kernel, FeatureRequest request) {
        int m = request.m();
        int d = request.d();
        var iso = kernel.capability(Isotropic.class);
        if (iso.isPresent()) {
            Projection base = request.projectionFits() ? request.coupling().draw(m, d, request.rng())
                    : GeneratedProjection.draw(request);
            return new ScaledProjection(base, iso.get().rowScales(m, d, base::rowSquaredNorms, request.rng()));
        }
        ShiftInvariant law = kernel.capability(ShiftInvariant.class).orElseThrow(() -> new InvalidParameterException(
                "kernel.id", KernelRefusals.of(kernel, "projections", "spectral", "the kernel is not shift-invariant")));
        request.coupling().refusal(kernel).ifPresent(why -> {
            throw new InvalidParameterException("estimator.coupling", why);
        });
        if (!request.projectionFits()) {
            throw new InvalidParameterException("estimator.projectionBudgetMiB", KernelRefusals.of(kernel, "projection of",
                    m + "x" + d, "a kernel that is not isotropic needs its m x d projection stored; raise"
                            + " projectionBudgetMiB to at least " + ((8L * m * d + (1 << 20) - 1) >> 20)));
        }
        Matrix w = Matrix.zeros(m, d);
        double[] row = new double[d];
        for (int j = 0; j < m; j++) {
            law.spectralVector(request.rng(), row);
            System.arraycopy(row, 0, w.data(), j * d, d);
        }
        return new DenseProjection(w);
    }
}
