/**
 * The JSON config contract ({@code {"kernel": ..., "estimator": ..., "seed": ...}}): parsed with
 * Jackson's tree model into plain Java values, validated by the providers' parameter schemas,
 * and written back with every default filled in.
 */
package org.rf4j.config;
