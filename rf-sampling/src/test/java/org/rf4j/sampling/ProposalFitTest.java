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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The derived quantities of a {@link ProposalFit}: Theorem 1's floor, its delta-method SE, V_Ω and V_Ψ. */
class ProposalFitTest {
    @Test
    void derivedVariancesFollowFromTheMoments() {
        // E_Ω q = −1.5 (a negative mean: the SE uses |E q|), SE 0.1; E K² = 0.7; E_Ω q² = 3.2; E_Ψ w²q² = 2.6
        ProposalFit f = new ProposalFit(GaussianProposal.standard(2), 10, 12, 55.0, -1.5, 0.1, 0.7, 3.2, 0.05, 2.6, 0.04,
                Double.NaN, Double.NaN);
        assertThat(f.floorVariance()).isCloseTo(2.25 - 0.7, within(1e-15));
        assertThat(f.floorVarianceError()).isCloseTo(2 * 1.5 * 0.1, within(1e-15));
        assertThat(f.standardVariance()).isCloseTo(3.2 - 0.7, within(1e-15));
        assertThat(f.proposalVariance()).isCloseTo(2.6 - 0.7, within(1e-15));
    }
}
