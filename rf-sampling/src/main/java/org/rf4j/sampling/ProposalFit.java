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
package org.rf4j.sampling;

import org.rf4j.theory.ImportanceSamplingTheory;
import org.apiguardian.api.API;

/**
 * A fitted proposal and what it is worth, on the data sample it was fitted to (Sernau et al.
 * Definition 2: expected per-projection variance {@code V_Ψ} over x₁ ~ X₁, x₂ ~ X₂; divide by m for
 * the MSE of m iid projections). Every Monte Carlo estimate comes with its standard error; all
 * are computed from draws independent of the ones the proposal was fitted with.
 *
 * @param proposal                the fitted Gaussian proposal
 * @param queryRows               rows of the query sample used (after subsampling)
 * @param keyRows                 rows of the key sample used
 * @param effectiveSampleSize     Kish's {@code (Σv)²/Σv²} of the last fitting round's self-normalised weights
 * @param meanQ                   {@code E_{ω~Ω} q(ω)} (Monte Carlo, importance-sampled from the proposal)
 * @param meanQError              its standard error
 * @param meanSquaredKernel       {@code E K(x₁, x₂)²} (exact on the sample)
 * @param standardSecondMoment    {@code E_Ω[q²] = E_Ω E_{x₁,x₂} f²} (Monte Carlo with ω ~ Ω)
 * @param standardSecondMomentError its standard error
 * @param proposalSecondMoment    {@code E_Ψ[w² q²]} (Monte Carlo with ω ~ Ψ)
 * @param proposalSecondMomentError its standard error
 * @param exactStandardVariance   the exact {@code V_Ω} on the sample (closed form; NaN when the map has none)
 * @param exactProposalVariance   the exact {@code V_Ψ} on the sample (closed form; NaN when the map has none)
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record ProposalFit(GaussianProposal proposal, int queryRows, int keyRows, double effectiveSampleSize,
        double meanQ, double meanQError, double meanSquaredKernel, double standardSecondMoment,
        double standardSecondMomentError, double proposalSecondMoment, double proposalSecondMomentError,
        double exactStandardVariance, double exactProposalVariance) {

    /** Theorem 1's optimal variance {@code (E_Ω q)² − E K²}: the floor no proposal can beat. */
    public double floorVariance() {
        return ImportanceSamplingTheory.theorem1Variance(meanQ, meanSquaredKernel);
    }

    /** Standard error of {@link #floorVariance()} (delta method: {@code 2·E_Ω q·SE}). */
    public double floorVarianceError() {
        return 2 * Math.abs(meanQ) * meanQError;
    }

    /** {@code V_Ω}: the expected variance with the standard distribution. */
    public double standardVariance() {
        return standardSecondMoment - meanSquaredKernel;
    }

    /** {@code V_Ψ}: the expected variance with the fitted proposal. */
    public double proposalVariance() {
        return proposalSecondMoment - meanSquaredKernel;
    }
}
