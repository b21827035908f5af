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
/**
 * Vectorised kernels for rf4j: a {@link org.rf4j.api.linalg.VectorKernels} provider built on the
 * incubating Vector API. {@code org.rf4j.api} finds it with {@link java.util.ServiceLoader}
 * whenever this module is in the module graph (service binding also resolves
 * {@code jdk.incubator.vector}); leave the module out (for example from a jlink image) and rf4j
 * runs on its plain-Java kernels with the same products and Math's exp/sin/cos.
 *
 * <p>The JVM prints "WARNING: Using incubator modules: jdk.incubator.vector" at start-up when
 * this module is loaded.
 */
module org.rf4j.vector {
    requires org.rf4j.api;
    requires jdk.incubator.vector;

    provides org.rf4j.api.linalg.VectorKernels with org.rf4j.vector.PanamaKernels;
}
