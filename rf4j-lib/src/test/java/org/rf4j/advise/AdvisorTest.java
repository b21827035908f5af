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
package org.rf4j.advise;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.random.Seeds;
import org.rf4j.config.ConfigLoader;
import org.rf4j.config.RunConfig;
import org.rf4j.spi.MechanismRegistry;
import org.rf4j.testkit.MonteCarlo;

/**
 * The advisor on generated data (no external files): closed-form predictions agree with the Monte
 * Carlo measurement within the test kit's Z standard errors (each check states the relative
 * error of a prediction it would catch), the ranking is by prediction and its winner is the best
 * measured, mechanisms that cannot work are refused with the reason, and every config it prints is
 * accepted by the config loader as it is.
 */
class AdvisorTest {
    private static final MechanismRegistry REGISTRY = MechanismRegistry.discover();
    private final Advisor advisor = new Advisor(REGISTRY);

    /** n points in d dimensions, N(0, s²I) around a shift. */
    static Matrix cloud(int n, int d, double s, double shift, long seed) {
        RandomGenerator rng = Seeds.generator(seed);
        double[] a = new double[n * d];
        for (int i = 0; i < a.length; i++) {
            a[i] = shift + s * rng.nextGaussian();
        }
        return Matrix.wrap(n, d, a);
    }

    private static AdviceRequest kernelRequest(Matrix x, List<String> candidates, int trials) {
        Kernel k = Kernel.gaussian(Advisor.medianDistance(x, x, 1));
        return AdviceRequest.of(x, k).withM(32).withCandidates(candidates).withTrials(trials).withPairs(48).withSeed(5);
    }

    /**
     * The closed forms of the projection maps against 300 independent draws each. The draws' relative
     * standard deviation is at most about 1.05 (orthogonal positive features here: SE 10.3% of the
     * prediction over 100 draws), so over 300 draws Z·SE ≤ 4.5·1.05/√300 ≈ 0.27 of the prediction,
     * below the power asserted (0.35): a closed form off by 35% fails.
     */
    @Test
    void closedFormPredictionsAgreeWithMeasurements() {
        closedFormsAgree(List.of("iid/trigonometric", "orthogonal/trigonometric", "iid/positive", "orthogonal/positive",
                "iid/oprf", "orthogonal/oprf", "iid/hyperbolic"), 300);
    }

    /**
     * Importance sampling's closed form (Sernau et al.) with the same power, over 600 draws. Slow (each
     * request fits the sampling distribution to the data, about 20 s before the first draw, then 0.2–0.8 s
     * a draw), so it runs only when the slow tests are asked for: {@code -Dtest.excludedGroups=}.
     */
    @Test
    @Tag("slow")
    void importanceSamplingsClosedFormAgreesWithMeasurements() {
        closedFormsAgree(List.of("optimal/trigonometric"), 600);
    }

    private void closedFormsAgree(List<String> names, int trials) {
        Matrix x = cloud(200, 4, 0.5, 0.0, 11);
        // 1.5× the median bandwidth: |x + y|² in kernel coordinates stays below ~1.5, where even the
        // exponential maps' terms are light-tailed enough for a few hundred draws to pin their MSE
        Advice a = advisor.run(kernelRequest(x, names, trials)
                .withKernel(Kernel.gaussian(1.5 * Advisor.medianDistance(x, x, 1))));
        assertThat(a.refused()).as("refused: %s", a.refused()).isEmpty();
        assertThat(a.candidates()).extracting(Advice.Ranked::name).containsExactlyInAnyOrderElementsOf(names);
        for (Advice.Ranked c : a.candidates()) {
            assertThat(c.source()).as(c.name()).isEqualTo(Advice.CLOSED_FORM);
            assertThat(c.heavyTailed()).as("%s: no draw dominates, so the SE is meaningful", c.name()).isFalse();
            // Power: Z·SE <= 0.35·prediction, so a closed form (or an advisor) off by 35% fails.
            new MonteCarlo.Summary(c.measuredRelMse(), c.measuredStdErr(), trials)
                    .assertMeanMatches(c.predictedRelMse(), 0.35, c.name());
            assertThat(c.m()).isEqualTo(32);
            assertThat(c.secondsPerRow()).isPositive();
        }
        // ranked by prediction, best first
        for (int i = 1; i < a.candidates().size(); i++) {
            assertThat(a.candidates().get(i).predictedRelMse())
                    .isGreaterThanOrEqualTo(a.candidates().get(i - 1).predictedRelMse());
        }
    }

    @Test
    void topRankedIsTheBestMeasured() {
        Matrix x = cloud(150, 4, 0.5, 0.0, 12);
        Advice a = advisor.run(kernelRequest(x, List.of("iid/positive", "iid/trigonometric", "orthogonal/oprf",
                "simplex/trigonometric", "hybrid-angular"), 64));
        Advice.Ranked top = a.best();
        double bestMeasured = a.candidates().stream().mapToDouble(Advice.Ranked::measuredRelMse).min().orElseThrow();
        assertThat(top.measuredRelMse() - bestMeasured).as("top %s vs best measured", top).isLessThanOrEqualTo(
                top.measuredStdErr());
    }

    @Test
    void monteCarloIsUsedWhereThereIsNoClosedForm() {
        Matrix x = cloud(100, 4, 0.5, 0.0, 13);
        Advice a = advisor.run(kernelRequest(x, List.of("halton/trigonometric", "givens/trigonometric"), 64));
        assertThat(a.candidates()).hasSize(2).allSatisfy(c -> {
            assertThat(c.source()).isEqualTo(Advice.MONTE_CARLO);
            new MonteCarlo.Summary(c.measuredRelMse(), c.measuredStdErr(), 64)
                    .assertMeanMatches(c.predictedRelMse(), 0.8, c.name());
        });
    }

    @Test
    void refusesWithTheReason() {
        // Far from the origin positive features' variance explodes (exp(|x + y|²)); discrete maps
        // take no coupling.
        Matrix far = cloud(100, 4, 0.5, 6.0, 14);
        AdviceRequest r = AdviceRequest.of(far, Kernel.gaussian(1.0)).withM(32).withTrials(8).withPairs(32)
                .withCandidates(List.of("iid/positive", "orthogonal/poisson", "iid/trigonometric"));
        Advice a = advisor.run(r);
        assertThat(a.candidates()).extracting(Advice.Ranked::name).containsExactly("iid/trigonometric");
        assertThat(a.refused()).extracting(Advice.Refused::name).containsExactly("iid/positive", "orthogonal/poisson");
        assertThat(a.refused().get(0).reason()).contains("MSE").contains("no better than estimating 0")
                .contains("exp(|x + y|²)");
        assertThat(a.refused().get(1).reason()).contains("iid");
    }

    @Test
    void attentionRefusesNonPositiveMapsAndPredictsTheOutputError() {
        Matrix q = cloud(96, 8, 0.5, 0.0, 15);
        Matrix k = cloud(128, 8, 0.5, 0.0, 16);
        AdviceRequest r = AdviceRequest.attention(q, k).withM(64).withTrials(40)
                .withCandidates(List.of("iid/trigonometric", "iid/positive", "orthogonal/oprf"));
        Advice a = advisor.run(r);
        assertThat(a.task()).isEqualTo("attention");
        assertThat(a.refused()).extracting(Advice.Refused::name).containsExactly("iid/trigonometric");
        assertThat(a.refused().get(0).reason()).contains("positive");
        assertThat(a.candidates()).hasSize(2).allSatisfy(c -> {
            assertThat(c.source()).isEqualTo(Advice.MONTE_CARLO);
            new MonteCarlo.Summary(c.measuredRelMse(), c.measuredStdErr(), 40)
                    .assertMeanMatches(c.predictedRelMse(), 0.8, c.name());
        });
    }

    @Test
    void targetErrorGivesTheSmallestPowerOfTwoThatReachesIt() {
        Matrix x = cloud(100, 4, 0.5, 0.0, 17);
        AdviceRequest r = kernelRequest(x, List.of("iid/trigonometric", "orthogonal/trigonometric"), 16)
                .withTargetError(0.01);
        Advice a = advisor.run(r);
        assertThat(a.m()).isNull();
        for (Advice.Ranked c : a.candidates()) {
            assertThat(c.reachesTarget()).isTrue();
            assertThat(c.predictedRelMse()).isLessThanOrEqualTo(0.01);
            assertThat(Integer.bitCount(c.m())).isOne();
            // half the m misses the target (closed form, exact in m)
            Advice half = advisor.run(kernelRequest(x, List.of(c.name()), 16).withM(c.m() / 2));
            assertThat(half.best().predictedRelMse()).as(c.name()).isGreaterThan(0.01);
        }
    }

    @Test
    void printedConfigsAreAcceptedAsTheyAre() {
        Matrix x = cloud(80, 4, 0.5, 0.0, 18);
        Advice a = advisor.run(kernelRequest(x, List.of("orthogonal/trigonometric", "hybrid-angular",
                "optimal/positive"), 4).withPairs(8));
        ConfigLoader loader = new ConfigLoader(REGISTRY, new ObjectMapper());
        assertThat(a.candidates()).isNotEmpty();
        for (Advice.Ranked c : a.candidates()) {
            RunConfig cfg = loader.fromPlain(c.config(), c.name(), null);
            assertThat(cfg.seed()).isEqualTo(5);
            assertThat(cfg.estimator().spec().toPlain()).isEqualTo(((Map<?, ?>) c.config().get("estimator")));
            assertThat(cfg.kernel().spec().toPlain()).isEqualTo(a.kernel());
        }
        Map<String, Object> json = a.toPlain();
        assertThat(json).containsKeys("candidates", "refused", "notes", "kernel", "task");
        @SuppressWarnings("unchecked")
        Map<String, Object> first = (Map<String, Object>) ((List<?>) json.get("candidates")).get(0);
        assertThat(first).containsKeys("config", "predictedRelMse", "source", "measuredRelMse", "measuredStdErr", "m",
                "secondsPerRow");
    }

    @Test
    void sameSeedSameAdvice() {
        Matrix x = cloud(60, 3, 0.5, 0.0, 19);
        AdviceRequest r = kernelRequest(x, List.of("iid/trigonometric", "halton/trigonometric"), 6);
        Advice a = advisor.run(r);
        Advice b = advisor.run(r);
        for (int i = 0; i < a.candidates().size(); i++) {
            assertThat(b.candidates().get(i).measuredRelMse()).isEqualTo(a.candidates().get(i).measuredRelMse());
            assertThat(b.candidates().get(i).predictedRelMse()).isEqualTo(a.candidates().get(i).predictedRelMse());
        }
    }

    @Test
    void badRequestsAreDomainErrors() {
        Matrix x = cloud(20, 3, 0.5, 0.0, 20);
        assertThatThrownBy(() -> advisor.run(kernelRequest(x, List.of("nope/never"), 4)))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("nope/never")
                .hasMessageContaining("iid/trigonometric");
        assertThatThrownBy(() -> new AdviceRequest(x, null, Kernel.gaussian(1), AdviceRequest.Task.ATTENTION, 8, null,
                List.of(), 1, 8, 4, 64, null)).isInstanceOf(InvalidParameterException.class).hasMessageContaining("softmax");
        assertThatThrownBy(() -> AdviceRequest.of(x, Kernel.softmax()).withTargetError(-1.0))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("target-error");
        assertThatThrownBy(() -> AdviceRequest.of(x, Kernel.softmax()).withTrials(1))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("trials");
    }

    /**
     * Digits-like data (d = 64, |x + y|² ≈ 5 in kernel coordinates on average, as on the digits set
     * at the median bandwidth): exponential features' squared error is so heavy-tailed (OPRF's error
     * kurtosis at a digits pair is 2·10⁵) that 16 draws fall far below the closed form with a small
     * sample SE. Every closed-form row must then either agree within Z standard errors or be flagged
     * heavy-tailed, and the light-tailed trigonometric rows must agree unflagged; the exponential
     * rows must be flagged by the term-level diagnostic. Planted fault: with that flag disabled (only
     * the one-draw share left, as before) this test fails.
     */
    @Test
    void heavyTailedClosedFormRowsAreFlagged() {
        Matrix x = cloud(300, 64, 0.5, 0.7, 22);
        List<String> names = List.of("iid/trigonometric", "orthogonal/trigonometric", "orthogonal/oprf", "simplex/oprf",
                "iid/oprf", "hybrid-angular");
        Advice a = advisor.run(kernelRequest(x, names, 16).withM(128).withPairs(96));
        boolean anyHeavy = false;
        for (Advice.Ranked c : a.candidates()) {
            assertThat(c.source()).as(c.name()).isEqualTo(Advice.CLOSED_FORM);
            assertThat(c.measuredStdErr()).as(c.name()).isGreaterThanOrEqualTo(c.sampleStdErr());
            if (c.name().endsWith("trigonometric")) {
                assertThat(c.heavyTailed()).as(c.name()).isFalse();
                assertThat(c.tailTerms()).as(c.name()).isGreaterThan(100);
            } else {
                // the term-level diagnostic sees the tail whatever the draws' spread: 16 draws hold
                // 16·128 terms, of which a handful carry the second moment
                assertThat(c.tailTerms()).as(c.name()).isLessThan(Advisor.HEAVY_TAIL_TERMS);
                assertThat(c.heavyTailed()).as(c.name()).isTrue();
                anyHeavy = true;
            }
            assertThat(c.heavyTailed() || c.deviationInStdErrs() <= MonteCarlo.Z)
                    .as("%s: %s σ off and not flagged (terms %s)", c.name(), c.deviationInStdErrs(), c.tailTerms()).isTrue();
        }
        assertThat(anyHeavy).as("exponential features at |x + y|² ≈ 5 with 16 draws").isTrue();
    }

    /** The term share H: ≈ 1/n for n similar terms, ≈ 1 when one term carries the second moment. */
    @Test
    void tailShareSeesOneDominatingTerm() {
        Advisor.Tail light = new Advisor.Tail(1);
        Advisor.Tail heavy = new Advisor.Tail(1);
        RandomGenerator g = Seeds.generator(3);
        for (int i = 0; i < 1000; i++) {
            double c = 1 + 0.1 * g.nextGaussian();
            light.s2[0] += c * c;
            light.s4[0] += c * c * c * c;
            double h = i == 500 ? 1000 : c;
            heavy.s2[0] += h * h;
            heavy.s4[0] += h * h * h * h;
        }
        light.e2[0] = 1;
        heavy.e2[0] = 1;
        assertThat(light.share()).isBetween(0.9e-3, 1.2e-3);
        assertThat(heavy.share()).isGreaterThan(0.99);
        assertThat(new Advisor.Tail(2).share()).isZero();
    }
}
