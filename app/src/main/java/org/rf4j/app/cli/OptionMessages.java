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

import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.RfException;
import picocli.CommandLine;

/**
 * The one wording of a refused option value, whichever command refuses it and whoever finds it
 * wrong — the command, the library it hands the value to under the option's name, or picocli's
 * type conversion: {@code option --m = 0 is not allowed; allowed: an integer >= 1}. It reads like
 * the refusal of a config key ({@code parameter 'kernel.sigma' = 0.0 is not allowed; allowed: ...}),
 * with the option as the user typed it.
 */
public final class OptionMessages {
    private OptionMessages() {
    }

    /** The one-line message of a refused option value. */
    public static String refused(String option, Object value, String allowed) {
        return "option " + option + " = " + (value instanceof CharSequence ? "'" + value + "'" : value)
                + " is not allowed; allowed: " + allowed;
    }

    /** Requires an option's integer value to be at least 1, refusing it in the option's wording. */
    static void requirePositive(String option, int value) {
        if (value < 1) {
            throw new InvalidParameterException(option, value, "an integer >= 1");
        }
    }

    /** Requires each value of a list option (e.g. {@code --m 8,16}) to be at least 1. */
    static void requirePositive(String option, java.util.List<Integer> values) {
        for (int v : values) {
            if (v < 1) {
                throw new InvalidParameterException(option, v, "integers >= 1");
            }
        }
    }

    /**
     * The message of a domain exception as the CLI prints it: a parameter error keyed by an option
     * (its key starts with {@code -}) in the option's wording, every other message as it is.
     */
    public static String of(RfException e) {
        String m = e.getMessage();
        if (e instanceof InvalidParameterException p && p.key() != null && p.key().startsWith("-")) {
            String parameter = "parameter '" + p.key() + "'";
            if (m != null && m.startsWith(parameter)) {
                return "option " + p.key() + m.substring(parameter.length());
            }
        }
        return m;
    }

    /**
     * picocli's failure to convert an option's text to its type ({@code --n abc}) in the option's
     * wording, or null when the exception is another kind (a missing or unknown option...).
     */
    public static String conversion(CommandLine.ParameterException ex) {
        if (!(ex.getCause() instanceof CommandLine.TypeConversionException)
                || !(ex.getArgSpec() instanceof CommandLine.Model.OptionSpec o) || ex.getValue() == null) {
            return null;
        }
        Class<?> type = o.auxiliaryTypes().length > 0 && o.isMultiValue() ? o.auxiliaryTypes()[0] : o.type();
        String allowed = allowed(type);
        if (allowed == null) {
            allowed = String.valueOf(ex.getCause().getMessage());
        }
        return refused(o.longestName(), ex.getValue(), o.isMultiValue() && o.splitRegex() != null
                && !o.splitRegex().isEmpty() ? allowed + " (comma-separated)" : allowed);
    }

    private static String allowed(Class<?> type) {
        if (type == int.class || type == Integer.class) {
            return "an integer from " + Integer.MIN_VALUE + " to " + Integer.MAX_VALUE;
        }
        if (type == long.class || type == Long.class) {
            return "an integer";
        }
        return type == double.class || type == Double.class || type == float.class || type == Float.class ? "a number" : null;
    }
}
