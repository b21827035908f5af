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
package org.rf4j.spark;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.LongParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamValidators;
import org.apache.spark.ml.param.Params;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Spec;
import org.apiguardian.api.API;

/**
 * The typed params {@link RandomFeatures} and {@link RandomFeaturesModel} share (see
 * {@link RandomFeaturesParams}): {@code m}, {@code kernel}, {@code sigma}, {@code coupling},
 * {@code features}, {@code seed} and {@code threads}; and how the tuning ones compose with the JSON
 * {@code config}: a set typed param replaces its key in the config ({@code estimator.m},
 * {@code kernel.id}, {@code kernel.sigma}, {@code estimator.coupling}, {@code estimator.features},
 * {@code seed}); unset ones leave the config as it is. So {@code ParamGridBuilder} tunes them like
 * any Spark param, and a config alone behaves as before. Only the stages create it.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public final class TypedParams implements java.io.Serializable {
    private static final long serialVersionUID = 1L;
    /** Most rf4j threads a task may use. */
    static final int MAX_THREADS = 4096;

    /** The kernel a config without one gets (the front door's default). */
    private static final String DEFAULT_KERNEL = "gaussian";

    final IntParam m;
    final Param<String> kernel;
    final DoubleParam sigma;
    final Param<String> coupling;
    final Param<String> features;
    final LongParam seed;
    final IntParam threads;
    private final Params owner;

    TypedParams(Params owner) {
        this.owner = owner;
        this.m = new IntParam(owner, "m", "number of random features (estimator.m of config); overrides config when set",
                ParamValidators.gtEq(1));
        this.kernel = new Param<>(owner, "kernel", "kernel id (kernel.id of config, e.g. gaussian, softmax); "
                + "overrides config when set");
        this.sigma = new DoubleParam(owner, "sigma", "kernel bandwidth (kernel.sigma of config); > 0; overrides "
                + "config when set", ParamValidators.gt(0));
        this.coupling = new Param<>(owner, "coupling", "coupling id (estimator.coupling of config, e.g. iid, "
                + "orthogonal, simplex); overrides config when set");
        this.features = new Param<>(owner, "features", "feature map id (estimator.features of config, e.g. positive, "
                + "trigonometric, oprf); overrides config when set");
        this.seed = new LongParam(owner, "seed", "random seed (seed of config); overrides config when set");
        this.threads = new IntParam(owner, "threads", "rf4j threads per Spark task (1 to " + MAX_THREADS
                + "); raise it only when executors have spare cores per task; does not change the features",
                ParamValidators.inRange(1, MAX_THREADS));
    }

    /** Checks a setter's value: {@code ok}, or the param's domain exception naming what is allowed. */
    static <T> T check(String param, T value, boolean ok, String allowed) {
        if (value == null || !ok) {
            throw new InvalidParameterException(param, value, allowed);
        }
        return value;
    }

    static int checkThreads(int value) {
        return check("threads", value, value >= 1 && value <= MAX_THREADS, "an integer from 1 to " + MAX_THREADS);
    }

    static String checkId(String param, String value) {
        return check(param, value, value != null && !value.isBlank(), "a non-blank mechanism id");
    }

    /**
     * The config with every set typed param of the owner written into it; validated by the front
     * door, whose exceptions name the key, the value and what is allowed.
     */
    String compose(String config) {
        if (!owner.isSet(m) && !owner.isSet(kernel) && !owner.isSet(sigma) && !owner.isSet(coupling)
                && !owner.isSet(features) && !owner.isSet(seed)) {
            return config;
        }
        org.rf4j.RandomFeatures rf = org.rf4j.RandomFeatures.fromConfig(config);
        if (owner.isSet(kernel) || owner.isSet(sigma)) {
            Spec k = rf.spec().kernel();
            Map<String, Object> parameters = new LinkedHashMap<>(k == null ? Map.of() : k.parameters());
            if (owner.isSet(sigma)) {
                parameters.put("sigma", (Double) owner.getOrDefault(sigma));
            }
            String id = owner.isSet(kernel) ? owner.getOrDefault(kernel) : k == null ? DEFAULT_KERNEL : k.id();
            rf = rf.kernel(id, parameters);
        }
        if (owner.isSet(m)) {
            rf = rf.m((Integer) owner.getOrDefault(m));
        }
        if (owner.isSet(coupling)) {
            rf = rf.coupling(owner.getOrDefault(coupling));
        }
        if (owner.isSet(features)) {
            rf = rf.features(owner.getOrDefault(features));
        }
        if (owner.isSet(seed)) {
            rf = rf.seed((Long) owner.getOrDefault(seed));
        }
        // the front door validates the composed config, naming the key, the value and what is allowed
        return FrontDoor.validate(rf.toConfig());
    }

    /** The owner's rf4j threads per task. */
    int threadsOf() {
        return (Integer) owner.getOrDefault(threads);
    }
}
