/** Placeholder until the module is written. */
package dev.pronto.client.pg;
