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

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import org.apache.spark.SparkContext;
import org.apache.spark.ml.param.Params;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.DefaultParamsReader$;
import org.apache.spark.ml.util.DefaultParamsWriter$;
import org.apache.spark.sql.SparkSession;
import scala.Option;

/**
 * What differs between the Spark lines the stage is built for (Spark 4 with Scala 2.13; Spark 3.5
 * with Scala 2.12 and 2.13), so that one source tree compiles and runs against each: Spark 4 reads
 * and writes ML metadata through the {@code SparkSession} (its {@code SparkContext} overloads are
 * deprecated), Spark 3.5 only through the {@code SparkContext}. The overload is found once, by
 * reflection on the public {@code DefaultParamsWriter}/{@code DefaultParamsReader} objects.
 */
final class SparkLine {
    private static final Method SAVE = overload(DefaultParamsWriter$.class, "saveMetadata", Params.class, String.class,
            null, Option.class, Option.class);
    private static final Method LOAD = overload(DefaultParamsReader$.class, "loadMetadata", String.class, null,
            String.class);

    private SparkLine() {
    }

    /** {@code DefaultParamsWriter.saveMetadata(instance, path, spark)}: the params as metadata JSON. */
    static void saveMetadata(Params instance, String path, SparkSession spark) {
        invoke(SAVE, DefaultParamsWriter$.MODULE$, instance, path, session(SAVE, spark), Option.empty(), Option.empty());
    }

    /** {@code DefaultParamsReader.loadMetadata(path, spark, className)}. */
    static DefaultParamsReader.Metadata loadMetadata(String path, SparkSession spark, String className) {
        return (DefaultParamsReader.Metadata) invoke(LOAD, DefaultParamsReader$.MODULE$, path, session(LOAD, spark),
                className);
    }

    /** True on a Spark line whose metadata methods take the session (Spark 4). */
    static boolean sessionOverloads() {
        return SAVE.getParameterTypes()[2] == SparkSession.class;
    }

    /** The session, or its context where the overload takes a {@code SparkContext}. */
    private static Object session(Method method, SparkSession spark) {
        for (Class<?> type : method.getParameterTypes()) {
            if (type == SparkContext.class) {
                return spark.sparkContext();
            }
        }
        return spark;
    }

    /** The method with these parameter types, where {@code null} is the session: SparkSession first, else SparkContext. */
    private static Method overload(Class<?> owner, String name, Class<?>... types) {
        for (Class<?> session : new Class<?>[] {SparkSession.class, SparkContext.class}) {
            Class<?>[] t = types.clone();
            for (int i = 0; i < t.length; i++) {
                if (t[i] == null) {
                    t[i] = session;
                }
            }
            try {
                return owner.getMethod(name, t);
            } catch (NoSuchMethodException e) {
                // the other Spark line's overload
            }
        }
        throw new IllegalStateException(owner.getName() + "." + name + " takes neither a SparkSession nor a SparkContext"
                + " on this Spark version; the stage supports Spark 3.5 and 4");
    }

    private static Object invoke(Method method, Object target, Object... args) {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(method.getName() + " failed: " + cause, cause);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(method.getName() + " is not accessible", e);
        }
    }
}
