// Fifty nested loops of two iterations around one store repeat it 2^50
// times per warp. Counting them point by point ran until the enumeration
// budget was spent (12 s, then unknown; a 30 s time-out under load; found by
// scripts/mutate, issue 14). Loops whose bounds do not read each other are
// counted as the product of their trip counts.
// RUN: %exit --timeout=60 0 %warplint --all-accesses --format=json --exit-zero %s -- | FileCheck %s

__global__ void nest() {
  __shared__ float T[64];
  for (int Q0 = 0; Q0 < 2; ++Q0)
  for (int Q1 = 0; Q1 < 2; ++Q1)
  for (int Q2 = 0; Q2 < 2; ++Q2)
  for (int Q3 = 0; Q3 < 2; ++Q3)
  for (int Q4 = 0; Q4 < 2; ++Q4)
  for (int Q5 = 0; Q5 < 2; ++Q5)
  for (int Q6 = 0; Q6 < 2; ++Q6)
  for (int Q7 = 0; Q7 < 2; ++Q7)
  for (int Q8 = 0; Q8 < 2; ++Q8)
  for (int Q9 = 0; Q9 < 2; ++Q9)
  for (int Q10 = 0; Q10 < 2; ++Q10)
  for (int Q11 = 0; Q11 < 2; ++Q11)
  for (int Q12 = 0; Q12 < 2; ++Q12)
  for (int Q13 = 0; Q13 < 2; ++Q13)
  for (int Q14 = 0; Q14 < 2; ++Q14)
  for (int Q15 = 0; Q15 < 2; ++Q15)
  for (int Q16 = 0; Q16 < 2; ++Q16)
  for (int Q17 = 0; Q17 < 2; ++Q17)
  for (int Q18 = 0; Q18 < 2; ++Q18)
  for (int Q19 = 0; Q19 < 2; ++Q19)
  for (int Q20 = 0; Q20 < 2; ++Q20)
  for (int Q21 = 0; Q21 < 2; ++Q21)
  for (int Q22 = 0; Q22 < 2; ++Q22)
  for (int Q23 = 0; Q23 < 2; ++Q23)
  for (int Q24 = 0; Q24 < 2; ++Q24)
  for (int Q25 = 0; Q25 < 2; ++Q25)
  for (int Q26 = 0; Q26 < 2; ++Q26)
  for (int Q27 = 0; Q27 < 2; ++Q27)
  for (int Q28 = 0; Q28 < 2; ++Q28)
  for (int Q29 = 0; Q29 < 2; ++Q29)
  for (int Q30 = 0; Q30 < 2; ++Q30)
  for (int Q31 = 0; Q31 < 2; ++Q31)
  for (int Q32 = 0; Q32 < 2; ++Q32)
  for (int Q33 = 0; Q33 < 2; ++Q33)
  for (int Q34 = 0; Q34 < 2; ++Q34)
  for (int Q35 = 0; Q35 < 2; ++Q35)
  for (int Q36 = 0; Q36 < 2; ++Q36)
  for (int Q37 = 0; Q37 < 2; ++Q37)
  for (int Q38 = 0; Q38 < 2; ++Q38)
  for (int Q39 = 0; Q39 < 2; ++Q39)
  for (int Q40 = 0; Q40 < 2; ++Q40)
  for (int Q41 = 0; Q41 < 2; ++Q41)
  for (int Q42 = 0; Q42 < 2; ++Q42)
  for (int Q43 = 0; Q43 < 2; ++Q43)
  for (int Q44 = 0; Q44 < 2; ++Q44)
  for (int Q45 = 0; Q45 < 2; ++Q45)
  for (int Q46 = 0; Q46 < 2; ++Q46)
  for (int Q47 = 0; Q47 < 2; ++Q47)
  for (int Q48 = 0; Q48 < 2; ++Q48)
  for (int Q49 = 0; Q49 < 2; ++Q49)
  T[threadIdx.x] = 1.0f;
}

void launch() { nest<<<1, 64>>>(); }

// CHECK: "variable": "T",
// CHECK: "status": "exact",
// CHECK: "wavefronts": 1,
// CHECK: "requests": 2251799813685248,
