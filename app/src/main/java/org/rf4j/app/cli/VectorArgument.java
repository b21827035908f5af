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
package org.rf4j.app.cli;

import org.rf4j.api.InvalidInputException;

/** Parses vectors given on the command line as comma lists, e.g. {@code --x 0.1,-0.2,0.3}. */
final class VectorArgument {
    private VectorArgument() {
    }

    /**
     * @param option the option name, for messages (e.g. {@code --x})
     * @throws InvalidInputException naming the option, the entry index and the value
     */
    static double[] parse(String option, String text) {
        if (text == null || text.isBlank()) {
            throw new InvalidInputException(option + " is empty; give a comma list of finite numbers, e.g. 0.1,-0.2,0.3");
        }
        String[] parts = text.split(",", -1);
        double[] v = new double[parts.length];
        for (int i = 0; i < parts.length; i++) {
            String p = parts[i].strip();
            double x;
            try {
                if (p.isEmpty()) {
                    throw new NumberFormatException();
                }
                x = Double.parseDouble(p);
            } catch (NumberFormatException e) {
                throw new InvalidInputException(option + " entry " + i + " = '" + p
                        + "' is not a number; give a comma list of finite numbers, e.g. 0.1,-0.2,0.3");
            }
            if (!Double.isFinite(x)) {
                throw new InvalidInputException(option + " entry " + i + " = " + p + " is not finite; all entries must be finite");
            }
            v[i] = x;
        }
        return v;
    }
}
