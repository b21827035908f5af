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

import java.util.Map;
import java.util.Objects;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.random.Seeds;
import org.apiguardian.api.API;

/**
 * What the fit stage ({@link Estimator#fit}) computes data-dependent values from: the kernel, the
 * shared data (query and key samples), the rows of every data file the config names, and the seed of
 * the fit stage's own random choices (k-means starts, landmarks), each in the caller's coordinates.
 *
 * <p><b>One coordinate system.</b> Data here is as the caller has it (not yet multiplied by the
 * kernel's {@linkplain Kernel#inputScale() input scale}); {@link #sample(DataSample)} brings it into
 * kernel coordinates. Every fitted value a mechanism writes into its spec (OPRF {@code rho}, Poisson
 * {@code lambda}, geometric {@code p}, shifts, centres, ...) is in kernel coordinates, so a fitted
 * spec is tied to the kernel it was fitted with.
 *
 * <p><b>Files.</b> Mechanisms read no files. A data file named in a config (a {@code DATA_FILE}
 * parameter such as {@code estimator.features.data}) is read by the config loader, and its rows
 * reach the mechanism here, by its full config key: {@link #file(String)} from the mechanism's own
 * view ({@link #child(String)}).
 *
 * <p><b>Precedence.</b> A mechanism fits with its own file when its config names one, else with the
 * shared {@link #data()}.
 *
 * @param kernel the kernel the mechanism will be drawn for
 * @param data   the shared query/key samples (caller's coordinates), or null
 * @param files  the rows of the config's data files by full key (caller's coordinates); may be empty
 * @param path   the config path of the mechanism this view is for (e.g. {@code estimator.features})
 * @param seed   the seed of the fit stage's random choices at this path (derived per child)
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record FitData(Kernel kernel, DataSample data, Map<String, Matrix> files, String path, long seed) {
    public FitData {
        Objects.requireNonNull(kernel, "kernel");
        files = Map.copyOf(files == null ? Map.of() : files);
        path = path == null ? "estimator" : path;
    }

    /** Fit data for a top-level estimator with shared data only (may be null) and fit seed 0. */
    public static FitData of(Kernel kernel, DataSample data) {
        return new FitData(kernel, data, Map.of(), "estimator", 0L);
    }

    /** Fit data for a top-level estimator: shared data (may be null), the config's files and seed. */
    public static FitData of(Kernel kernel, DataSample data, Map<String, Matrix> files, long seed) {
        return new FitData(kernel, data, files, "estimator", seed);
    }

    /**
     * The view for a nested mechanism, e.g. {@code child("features")} or {@code child("base[1]")}; its
     * seed is derived from this one and the name, so siblings make independent random choices.
     */
    public FitData child(String name) {
        return new FitData(kernel, data, files, path + "." + name, Seeds.derive(seed, name));
    }

    /**
     * The rows of the data file this mechanism's parameter {@code parameter} names (caller's
     * coordinates), or null when the config names none.
     *
     * @throws InvalidParameterException if the file is empty or holds a non-finite value
     */
    public Matrix file(String parameter) {
        String key = path + "." + parameter;
        Matrix m = files.get(key);
        if (m != null) {
            m.requireNonEmpty(key).requireFinite(key);
        }
        return m;
    }

    /**
     * The sample this mechanism fits with, in kernel coordinates: {@code own} (from the mechanism's
     * own data file, caller's coordinates) if not null, else the shared data; null when there is none.
     */
    public DataSample sample(DataSample own) {
        DataSample s = own != null ? own : data;
        return s == null ? null : s.scaled(kernel.inputScale());
    }

    /** As {@link #sample(DataSample)}, checking the dimension against d. */
    public DataSample sample(DataSample own, int d, String who) {
        DataSample s = sample(own);
        if (s != null && s.dimension() != d) {
            throw new DimensionMismatchException("the data for " + who + " has dimension " + s.dimension()
                    + " but the inputs have dimension " + d);
        }
        return s;
    }
}
