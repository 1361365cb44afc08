// Checks a hand's deal proof (issue 19.1, scheme naiko-merkle-v2) on the player's own machine:
//   npm run -s verify-hand -- FILE
// FILE is the JSON of `GET /me/hands/:id/proof` (or a `dealOpenings` event saved from the table feed,
// optionally with `seed` and `config` added). Each opening (card + salt + Merkle path) must hash up to
// the commitment published at the deal; once the seed is disclosed (the table closed, or 24 h after the
// hand) the seed must reproduce the whole committed deck. Exit code 0 when everything verifies, 1 if not.
import { readFileSync } from 'node:fs';
import { verifyDealProof, type DealProof } from '@naiko/engine';

function main(): number {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: npm run -s verify-hand -- FILE   (the JSON of GET /me/hands/:id/proof)');
    return 2;
  }
  let proof: DealProof;
  try {
    proof = JSON.parse(readFileSync(file, 'utf8')) as DealProof;
  } catch (err) {
    console.error(`cannot read ${file}: ${(err as Error).message}`);
    return 2;
  }
  const report = verifyDealProof(proof);
  console.log(`commitment ${proof.commitment}`);
  for (const opening of report.openings)
    console.log(
      `  position ${String(opening.position).padStart(3)}  ${opening.card}  ${opening.ok ? 'verified' : 'DOES NOT VERIFY'}`,
    );
  if (report.seed === 'not-disclosed')
    console.log(
      'seed: not disclosed yet (the table is open and the hand is less than 24 h old): the openings above are what can be checked now',
    );
  else if (report.seed === 'ok') console.log(`seed: reproduces the committed deal: ${report.deck!.join(' ')}`);
  else if (report.seed === 'no-config') console.log('seed: given without the hand config: cannot recompute the deal');
  else console.log('seed: DOES NOT reproduce the committed deal');
  console.log(report.ok ? 'OK: the deal verifies' : 'FAILED: the deal does not verify');
  return report.ok ? 0 : 1;
}

process.exitCode = main();
