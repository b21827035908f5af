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

import java.util.List;
import org.rf4j.api.Checks;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.kernel.KernelKind;
import org.apiguardian.api.API;

/**
 * What to advise on: the query data (and optionally separate keys), the kernel, the task, and
 * either a feature budget {@code m} or a target error. Immutable; the {@code with…} methods return
 * copies.
 *
 * @param queries       the query rows (caller's coordinates, n×d); for the attention task, Q
 * @param keys          the key rows (l×d), or null for the queries themselves; for attention, K
 * @param kernel        the kernel (for the attention task: softmax, applied to {@code q·d^{-1/4}})
 * @param task          {@link Task#KERNEL} (relative MSE of kernel entries over sampled pairs) or {@link Task#ATTENTION}
 *                      (squared relative Frobenius error of the attention output)
 * @param m             the number of projections to advise at (ignored when a target is given)
 * @param targetError   the target relative MSE, or null to rank at {@code m}
 * @param candidates    candidate names to consider (see {@link Candidates}), or null/empty for all
 * @param seed          the root seed of every random choice (pairs, draws, synthetic values)
 * @param pairs         (kernel task) the number of (query, key) pairs the error is averaged over
 * @param trials        Monte Carlo draws per measurement
 * @param maxM          the largest m tried when searching for a target error
 * @param dataReference the value of a config's {@code "data"} key naming the data (a file name, or
 *                      {@code {"query": file, "key": file}}), written into the configs of data-driven
 *                      candidates so that they are complete; null when the data has no name
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record AdviceRequest(Matrix queries, Matrix keys, Kernel kernel, Task task, int m, Double targetError,
        List<String> candidates, long seed, int pairs, int trials, int maxM, Object dataReference) {

    /** What error is predicted. */
    public enum Task {
        /** Kernel entries: {@code Σ MSE(x, y) / Σ K(x, y)²} over pairs sampled from the data. */
        KERNEL,
        /** Attention output: {@code E‖Ô − O‖²_F/‖O‖²_F}, softmax(QKᵀ/√d)V. */
        ATTENTION
    }

    /** Default number of projections. */
    public static final int DEFAULT_M = 128;
    /** Default number of pairs. */
    public static final int DEFAULT_PAIRS = 96;
    /** Default number of Monte Carlo draws. */
    public static final int DEFAULT_TRIALS = 16;
    /** Default largest m of a target search. */
    public static final int DEFAULT_MAX_M = 8192;

    public AdviceRequest {
        if (queries == null) {
            throw new org.rf4j.api.InvalidInputException("queries is null");
        }
        queries.requireNonEmpty("data").requireFinite("data");
        if (keys != null) {
            keys.requireNonEmpty("keys").requireFinite("keys");
            if (keys.cols() != queries.cols()) {
                throw new DimensionMismatchException("the keys have " + keys.cols() + " columns but the data has "
                        + queries.cols() + "; both must have the same dimension");
            }
        }
        if (kernel == null) {
            throw new org.rf4j.api.InvalidInputException("kernel is null");
        }
        if (task == null) {
            throw new org.rf4j.api.InvalidInputException("task is null");
        }
        if (task == Task.ATTENTION && kernel.kind() != KernelKind.SOFTMAX) {
            throw new InvalidParameterException("kernel", kernel.spec().id(),
                    "softmax for the attention task (attention weights are exp(qᵀk/√d))");
        }
        Checks.positive("m", m);
        if (targetError != null && !(targetError > 0 && Double.isFinite(targetError))) {
            throw new InvalidParameterException("target-error", targetError, "a finite number > 0 (a relative MSE)");
        }
        candidates = candidates == null ? List.of() : List.copyOf(candidates);
        Checks.positive("pairs", pairs);
        if (trials < 2) {
            throw new InvalidParameterException("trials", trials, "an integer >= 2 (a standard error needs two draws)");
        }
        Checks.positive("maxM", maxM);
    }

    /** Kernel-task advice on one data set at the default budget, all candidates, seed 42. */
    public static AdviceRequest of(Matrix data, Kernel kernel) {
        return new AdviceRequest(data, null, kernel, Task.KERNEL, DEFAULT_M, null, List.of(), 42, DEFAULT_PAIRS,
                DEFAULT_TRIALS, DEFAULT_MAX_M, null);
    }

    /** Kernel-task advice on rows given as arrays (see {@link #of(Matrix, Kernel)}). */
    public static AdviceRequest of(double[][] data, Kernel kernel) {
        if (data == null) {
            throw new org.rf4j.api.InvalidInputException("data is null");
        }
        return of(Matrix.of(data), kernel);
    }

    /** Attention advice for queries Q and keys K (softmax kernel, 1/√d scaling applied inside). */
    public static AdviceRequest attention(Matrix q, Matrix k) {
        return new AdviceRequest(q, k, Kernel.softmax(), Task.ATTENTION, DEFAULT_M, null, List.of(), 42, DEFAULT_PAIRS,
                DEFAULT_TRIALS, DEFAULT_MAX_M, null);
    }

    public AdviceRequest withKeys(Matrix k) {
        return new AdviceRequest(queries, k, kernel, task, m, targetError, candidates, seed, pairs, trials, maxM,
                dataReference);
    }

    public AdviceRequest withKernel(Kernel k) {
        return new AdviceRequest(queries, keys, k, task, m, targetError, candidates, seed, pairs, trials, maxM,
                dataReference);
    }

    public AdviceRequest withM(int newM) {
        return new AdviceRequest(queries, keys, kernel, task, newM, targetError, candidates, seed, pairs, trials, maxM,
                dataReference);
    }

    public AdviceRequest withTargetError(Double e) {
        return new AdviceRequest(queries, keys, kernel, task, m, e, candidates, seed, pairs, trials, maxM,
                dataReference);
    }

    public AdviceRequest withCandidates(List<String> c) {
        return new AdviceRequest(queries, keys, kernel, task, m, targetError, c, seed, pairs, trials, maxM,
                dataReference);
    }

    public AdviceRequest withSeed(long s) {
        return new AdviceRequest(queries, keys, kernel, task, m, targetError, candidates, s, pairs, trials, maxM,
                dataReference);
    }

    public AdviceRequest withTrials(int t) {
        return new AdviceRequest(queries, keys, kernel, task, m, targetError, candidates, seed, pairs, t, maxM,
                dataReference);
    }

    public AdviceRequest withPairs(int p) {
        return new AdviceRequest(queries, keys, kernel, task, m, targetError, candidates, seed, p, trials, maxM,
                dataReference);
    }

    public AdviceRequest withMaxM(int mm) {
        return new AdviceRequest(queries, keys, kernel, task, m, targetError, candidates, seed, pairs, trials, mm,
                dataReference);
    }

    public AdviceRequest withDataReference(Object ref) {
        return new AdviceRequest(queries, keys, kernel, task, m, targetError, candidates, seed, pairs, trials, maxM,
                ref);
    }

    /** The keys, or the queries when none were given. */
    public Matrix keysOrQueries() {
        return keys != null ? keys : queries;
    }
}
