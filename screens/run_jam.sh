#!/bin/bash
# Jamaican pieces of 40 deals, seeds consecutive from 9248; no piece starts after 04:05 UTC minus its expected length.
cd /work/wt-lineexpert6
for s in 9248 9288 9328 9368 9408 9448; do
  now=$(date -u +%s); stop=$(date -u -d "04:05" +%s)
  if [ $now -ge $stop ]; then echo "deadline, not starting $s"; break; fi
  PYTHONPATH=$PWD /work/main/.venv/bin/python tools/line_expert_dev.py jamaican expert:PARTNER_SIR=8,PARTNER_BETA=1.0,PARTNER_EPS=0.2 expert --seed $s --deals 40 --jobs 1 > screens/jam_${s}_40.json 2> screens/jam_${s}_40.err
  echo "$s done $(date -u)"
done
