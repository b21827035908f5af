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

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * The advisor's answer: the candidates that work on the data, best first, and those refused with
 * the reason.
 *
 * @param task        what error is predicted ({@code kernel} or {@code attention})
 * @param kernel      the kernel (plain config values)
 * @param rows        query rows and key rows the advice is based on
 * @param dimension   the data's dimension d
 * @param pairs       (kernel task) the number of pairs averaged over; (attention) queries × keys used
 * @param excluded    pairs left out because their kernel value under- or overflows
 * @param m           the budget ranked at, or null when a target error was given
 * @param targetError the target relative MSE, or null
 * @param trials      Monte Carlo draws per measurement
 * @param candidates  the ranked candidates, best first
 * @param refused     candidates that cannot work on this data, with the reason
 * @param notes       what the numbers mean (one sentence each)
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record Advice(String task, Map<String, Object> kernel, int[] rows, int dimension, int pairs, int excluded,
        Integer m, Double targetError, int trials, List<Ranked> candidates, List<Refused> refused, List<String> notes) {

    /** Source of a prediction: a closed form (exact expectation) or a bounded Monte Carlo run. */
    public static final String CLOSED_FORM = "closed-form";
    /** See {@link #CLOSED_FORM}. */
    public static final String MONTE_CARLO = "monte-carlo";

    /**
     * A ranked candidate.
     *
     * @param name            the candidate's name ({@code orthogonal/oprf}, {@code hybrid-angular}, ...)
     * @param config          a complete config (kernel, estimator, seed, and data for data-driven ones)
     *                        that {@code rf4j --config} and {@code RandomFeatures.fromConfig} accept as is
     * @param predictedRelMse the predicted relative MSE at {@code m}
     * @param source          {@link #CLOSED_FORM} or {@link #MONTE_CARLO}
     * @param measuredRelMse  the Monte Carlo measurement at {@code m} (independent draws)
     * @param measuredStdErr  its standard error, accounting for the tail: the larger of the sample
     *                        SE of the draws and {@code measured/√tailTerms} (the relative SE of a
     *                        second moment carried by tailTerms effective feature terms)
     * @param m               the projection count
     * @param secondsPerRow   the time to compute the features of one row (query and key side; for
     *                        attention, the Performer time per position)
     * @param reachesTarget   (target mode) whether the prediction reaches the target by the largest m
     *                        tried; null otherwise
     * @param heavyTailed     whether the measurement (or a Monte Carlo prediction) is heavy-tailed: one
     *                        draw gave more than {@value Advisor#HEAVY_TAIL_SHARE} of the total, or the
     *                        sampled feature terms' second moment rests on fewer than
     *                        {@value Advisor#HEAVY_TAIL_TERMS} effective terms. Then the draws have not
     *                        sampled the tail that carries the MSE: the measurement tends to fall below
     *                        its expectation, its standard error is a lower bound, and a closed-form
     *                        prediction is to be trusted over it (the deviation is not a disagreement)
     * @param sampleStdErr    the plain sample standard error of the draws
     * @param tailTerms       (kernel task) the effective number of sampled feature terms carrying the
     *                        measured second moment (MSE-weighted over pairs; see {@code Advisor.Tail});
     *                        +∞ for the attention task
     * @param predictedStdErr the standard error of a Monte Carlo prediction (independent draws of the
     *                        same quantity); 0 for a closed form
     */
    public record Ranked(String name, Map<String, Object> config, double predictedRelMse, String source,
            double measuredRelMse, double measuredStdErr, int m, double secondsPerRow, Boolean reachesTarget,
            boolean heavyTailed, double sampleStdErr, double tailTerms, double predictedStdErr) {

        /**
         * |predicted − measured| in standard errors of the difference: the measurement's for a closed
         * form (exact), {@code √(SE_p² + SE_m²)} for a Monte Carlo prediction (two independent runs).
         */
        public double deviationInStdErrs() {
            return Math.abs(predictedRelMse - measuredRelMse) / Math.hypot(measuredStdErr, predictedStdErr);
        }

        /** Plain JSON-like values. */
        public Map<String, Object> toPlain() {
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("name", name);
            r.put("config", config);
            r.put("predictedRelMse", predictedRelMse);
            r.put("source", source);
            r.put("measuredRelMse", measuredRelMse);
            r.put("measuredStdErr", measuredStdErr);
            r.put("m", m);
            r.put("secondsPerRow", secondsPerRow);
            r.put("heavyTailed", heavyTailed);
            r.put("sampleStdErr", sampleStdErr);
            r.put("tailTerms", Double.isFinite(tailTerms) ? tailTerms : null);
            r.put("predictedStdErr", predictedStdErr);
            if (reachesTarget != null) {
                r.put("reachesTarget", reachesTarget);
            }
            return r;
        }
    }

    /** A refused candidate and why it cannot work on this data. */
    public record Refused(String name, Map<String, Object> config, String reason) {
        public Map<String, Object> toPlain() {
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("name", name);
            r.put("config", config);
            r.put("reason", reason);
            return r;
        }
    }

    /** The best candidate (first), or null when every candidate was refused. */
    public Ranked best() {
        return candidates.isEmpty() ? null : candidates.get(0);
    }

    /** The advice as plain JSON-like values: the {@code --json} shape. */
    public Map<String, Object> toPlain() {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("task", task);
        r.put("kernel", kernel);
        r.put("queryRows", rows[0]);
        r.put("keyRows", rows[1]);
        r.put("dimension", dimension);
        r.put("pairs", pairs);
        r.put("excludedPairs", excluded);
        r.put("m", m);
        r.put("targetError", targetError);
        r.put("trials", trials);
        List<Object> c = new ArrayList<>();
        candidates.forEach(x -> c.add(x.toPlain()));
        r.put("candidates", c);
        List<Object> f = new ArrayList<>();
        refused.forEach(x -> f.add(x.toPlain()));
        r.put("refused", f);
        r.put("notes", notes);
        return r;
    }
}
