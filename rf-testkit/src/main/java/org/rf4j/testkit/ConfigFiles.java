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
package org.rf4j.testkit;

import java.util.LinkedHashMap;
import java.util.Map;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.FitData;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.MechanismRegistry;
import org.apiguardian.api.API;

/**
 * What the config loader does with the data files a config names, for tests without a file system:
 * the registry lists the files an estimator spec names ({@link MechanismRegistry#dataFiles}), they
 * are served from memory by name, and the fit stage receives them ({@link FitData#file(String)}).
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ConfigFiles {
    private ConfigFiles() {
    }

    /**
     * The fit data of a top-level estimator spec whose data files are served from {@code byName}.
     *
     * @throws InvalidInputException naming the key when a file is not in {@code byName}
     */
    public static FitData fitData(MechanismRegistry registry, Spec estimator, Kernel kernel, DataSample data, long seed,
            Map<String, Matrix> byName) {
        Map<String, Matrix> files = new LinkedHashMap<>();
        registry.dataFiles(MechanismKind.ESTIMATOR, "estimator", estimator).forEach((key, name) -> {
            Matrix m = byName.get(name);
            if (m == null) {
                throw new InvalidInputException("parameter '" + key + "': no file '" + name + "'");
            }
            files.put(key, m);
        });
        return FitData.of(kernel, data, files, seed);
    }
}
