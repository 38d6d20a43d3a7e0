/** Implementation of {@code dev.pronto.auth}: not API. */
package dev.pronto.auth.internal;
