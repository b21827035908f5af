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
 * Attention on rf4j's random features: {@link org.rf4j.attention.PerformerAttention} (linear,
 * FAVOR+-stabilised, bidirectional and causal, with any positive feature map),
 * and {@link org.rf4j.attention.ExactAttention} (softmax attention in row blocks, the reference).
 */
module org.rf4j.attention {
    requires static transitive org.apiguardian.api;
    requires transitive org.rf4j.api;

    exports org.rf4j.attention;
}
