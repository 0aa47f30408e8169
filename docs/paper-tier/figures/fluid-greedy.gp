# Fluid limit: One-Choice and Greedy[d]
# tier paper · n = 4194304, m = n · 20 runs · seed 1 · bars: 95% CI
# Redraw: gnuplot -e 'fmt="pdf"' fluid-greedy.gp   (fmt: png, pdf, svg, tex)
# The data are in fluid-greedy.dat, one block per series (see its comments).
if (!exists("fmt")) fmt = "png"
tex = (fmt eq "tex")
if (fmt eq "png") {
  set terminal pngcairo size 990,1032 enhanced font "Sans,19" linewidth 2.5
  set output "fluid-greedy.png"
} else { if (fmt eq "pdf") {
  set terminal pdfcairo size 3.3in,3.44in enhanced font "Sans,6.5" linewidth 1
  set output "fluid-greedy.pdf"
} else { if (fmt eq "svg") {
  set terminal svg size 660,688 dynamic enhanced font "Sans,13" linewidth 1.5
  set output "fluid-greedy.svg"
} else { if (tex) {
  set terminal cairolatex pdf size 3.3in,3.44in linewidth 1
  set output "fluid-greedy-latex.tex"
} else {
  print "fmt must be png, pdf, svg or tex"
  exit status 2
} } } }

T_title = tex ? 'Fluid limit: One-Choice and Greedy[d]' : 'Fluid limit: One-Choice and Greedy[d]'
T_x = tex ? 'load level i' : 'load level i'
T_y = tex ? 'fraction of bins with load $\geq$ i' : 'fraction of bins with load ≥ i'
T_note0 = tex ? 'tier paper $\cdot$ n = 4194304, m = n $\cdot$ 20 runs $\cdot$ seed 1 $\cdot$ bars: 95\% CI' : 'tier paper · n = 4194304, m = n · 20 runs · seed 1 · bars: 95% CI'
T_s0 = tex ? 'One-Choice, simulated' : 'One-Choice, simulated'
T_s1 = tex ? 'One-Choice, ODE' : 'One-Choice, ODE'
T_s2 = tex ? 'Greedy[2], simulated' : 'Greedy[2], simulated'
T_s3 = tex ? 'Greedy[2], ODE' : 'Greedy[2], ODE'
T_s4 = tex ? 'Greedy[3], simulated' : 'Greedy[3], simulated'
T_s5 = tex ? 'Greedy[3], ODE' : 'Greedy[3], ODE'
T_s6 = tex ? 'Greedy[4], simulated' : 'Greedy[4], simulated'
T_s7 = tex ? 'Greedy[4], ODE' : 'Greedy[4], ODE'

P = (fmt eq "png") ? 1.4 : (fmt eq "svg" ? 0.7 : 0.45)
set title (tex ? sprintf('\shortstack{%s\\{\footnotesize %s}}', T_title, T_note0) : sprintf("%s\n{/*0.85 %s}", T_title, T_note0))
set xlabel T_x
set ylabel T_y
set border 3
set tics nomirror out
set grid lt 1 lc rgb '#e4e4e4' lw 0.5
set key below maxcols 2 reverse Left width 1 spacing 1.0 samplen 2.5 height 1
if (tex) { set key spacing 1.3 }
set logscale y 10
if (tex) { set format y '$%g$' }
if (tex) { set format y '$10^{%L}$' } else { set format y '10^{%L}' }
set yrange [3.576278687e-09:1.5]
set autoscale xfix
set autoscale yfix
set offsets graph 0.03, graph 0.03, graph 0.06, graph 0.06

plot \
  'fluid-greedy.dat' index 0 using 1:2:3:4 with yerrorbars lc rgb '#000000' lw 1.2 pt 7 ps 1.4*P title T_s0, \
  'fluid-greedy.dat' index 1 using 1:2 with lines lc rgb '#000000' lw 1.5 dt 1 title T_s1, \
  'fluid-greedy.dat' index 2 using 1:2:3:4 with yerrorbars lc rgb '#E69F00' lw 1.2 pt 5 ps 1.4*P title T_s2, \
  'fluid-greedy.dat' index 3 using 1:2 with lines lc rgb '#E69F00' lw 1.5 dt 1 title T_s3, \
  'fluid-greedy.dat' index 4 using 1:2:3:4 with yerrorbars lc rgb '#0072B2' lw 1.2 pt 9 ps 1.4*P title T_s4, \
  'fluid-greedy.dat' index 5 using 1:2 with lines lc rgb '#0072B2' lw 1.5 dt 1 title T_s5, \
  'fluid-greedy.dat' index 6 using 1:2:3:4 with yerrorbars lc rgb '#009E73' lw 1.2 pt 13 ps 1.4*P title T_s6, \
  'fluid-greedy.dat' index 7 using 1:2 with lines lc rgb '#009E73' lw 1.5 dt 1 title T_s7
